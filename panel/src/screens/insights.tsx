export default function Screen() {
  return <h1>insights</h1>;
}
