export default function Screen() {
  return <h1>imports</h1>;
}
