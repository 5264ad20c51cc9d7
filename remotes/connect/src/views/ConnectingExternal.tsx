declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
export default function ConnectingExternal() { return <p>ConnectingExternal</p>; }
