export default function Screen() {
  return <h1>preview</h1>;
}
