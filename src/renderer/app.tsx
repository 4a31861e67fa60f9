/** The Parley chat client: sidebar, transcript and composer (or the interaction tray). */
export function App() {
  return (
    <main className="app">
      <p>Parley</p>
    </main>
  )
}
