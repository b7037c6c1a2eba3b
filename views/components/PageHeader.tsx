/** The page's one <h1>, focused by the client after each navigation. */
export function PageHeader({ heading, lead }: { heading: string; lead: string }) {
  return (
    <div className="page-header">
      <div className="container">
        <h1 tabIndex={-1}>{heading}</h1>
        <p className="lead">{lead}</p>
      </div>
    </div>
  );
}
