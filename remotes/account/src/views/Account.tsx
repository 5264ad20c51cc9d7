declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
export default function Account() { return <p>Account</p>; }
