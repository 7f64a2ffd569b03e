export default function Screen() {
  return <h1>import-detail</h1>;
}
