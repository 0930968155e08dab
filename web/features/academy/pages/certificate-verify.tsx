/** /certificado/{code}, public (issue 19, H2): placeholder until its helper builds it. */
export default function CertificateVerifyPage() {
  return <h1 className="font-semibold text-2xl">Verificação de certificado</h1>;
}
