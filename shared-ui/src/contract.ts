/**
 * Version of the contract between the UI kit and the views built on it. Must equal
 * `porticoUiContract` in package.json (a unit test keeps them equal). Every remote build bakes it in
 * as `__PORTICO_UI_CONTRACT__`; the shell refuses a view built against another one. Raise it when
 * a part's props or class names change in a way existing remotes would break on.
 */
export const PORTICO_UI_CONTRACT = 2;
