export default function Screen() {
  return <h1>rules</h1>;
}
