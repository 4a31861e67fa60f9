/**
 * Shown in place of the conversation when the server is up but refused the page's token: nothing
 * is lost, the link is old. Each start of `parley serve` prints a new one.
 */
export function StaleLinkNotice() {
  return (
    <div className="transcript-empty stale-link" role="alert" aria-labelledby="stale-link-title">
      <p className="transcript-empty-title" id="stale-link-title">
        This link is from an earlier start
      </p>
      <p>
        Parley is running, but this page’s link was printed by an earlier start of Parley, so it
        cannot reach your sessions. They are safe.
      </p>
      <p>
        Open the link the current start printed, on the line “Parley listening on
        http://127.0.0.1:…/#token=…”, or start Parley again.
      </p>
    </div>
  )
}
