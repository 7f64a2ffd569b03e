export default function Screen() {
  return <h1>releases</h1>;
}
