export default function Screen() {
  return <h1>synonyms</h1>;
}
