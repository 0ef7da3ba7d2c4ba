/** The message the model gets when a call needs approval and the MCP client cannot be asked. */
export const noElicitationMessage =
  'This call needs approval, and the MCP client cannot be asked (it did not declare form elicitation, or its protocol version has none). Change the permission rules of the served profile to allow it.'
