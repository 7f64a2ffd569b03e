export default function Screen() {
  return <h1>catalog-source</h1>;
}
