export default function Home() {
  return <main>Minibank</main>;
}
