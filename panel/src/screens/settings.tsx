export default function Screen() {
  return <h1>settings</h1>;
}
