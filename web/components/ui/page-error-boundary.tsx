import { Component, type ErrorInfo, type ReactNode } from "react";

type Props = { children: ReactNode };
type State = { error: Error | null };

/** Page-level failure screen of SPEC §2; 'Tentar Novamente' re-renders the page, the other reloads. */
export class PageErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("[page]", error, info.componentStack);
  }

  reset = () => this.setState({ error: null });

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="flex min-h-[60vh] items-center justify-center p-6">
        <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body items-center text-center">
            <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-error/10 text-2xl text-error">!</div>
            <h2 className="card-title">Erro ao Carregar Página</h2>
            <p className="text-base-content/70">Ocorreu um erro inesperado ao carregar esta página.</p>
            <div className="card-actions mt-4">
              <button type="button" className="btn btn-primary" onClick={this.reset}>
                Tentar Novamente
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => window.location.reload()}>
                Recarregar Página
              </button>
            </div>
          </div>
        </div>
      </div>
    );
  }
}
