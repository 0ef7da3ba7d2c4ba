/**
 * Hand-written OpenAI Responses API streams (the `data:` payloads of one SSE response each), in the
 * shape the API sends: a reasoning item whose encrypted content arrives with its `done` event, a
 * function call, or a text message, then `response.completed` with usage.
 */

const usage = {
  input_tokens: 40,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 12,
  output_tokens_details: { reasoning_tokens: 8 },
}

function opened(id: string): string[] {
  const response = { id, object: 'response', created_at: 1_770_000_000, model: 'gpt-5-mini', status: 'in_progress' }
  return [
    JSON.stringify({ type: 'response.created', sequence_number: 0, response }),
    JSON.stringify({ type: 'response.in_progress', sequence_number: 1, response }),
  ]
}

function completed(id: string): string {
  return JSON.stringify({
    type: 'response.completed',
    sequence_number: 99,
    response: { id, status: 'completed', incomplete_details: null, usage },
  })
}

/** A reasoning item with one summary part, then its encrypted content on `output_item.done`. */
export function reasoningEvents(itemId: string, summary: string, encrypted: string, outputIndex = 0): string[] {
  return [
    {
      type: 'response.output_item.added',
      output_index: outputIndex,
      item: { id: itemId, type: 'reasoning', summary: [], encrypted_content: null },
    },
    {
      type: 'response.reasoning_summary_part.added',
      item_id: itemId,
      output_index: outputIndex,
      summary_index: 0,
      part: { type: 'summary_text', text: '' },
    },
    {
      type: 'response.reasoning_summary_text.delta',
      item_id: itemId,
      output_index: outputIndex,
      summary_index: 0,
      delta: summary,
    },
    {
      type: 'response.reasoning_summary_text.done',
      item_id: itemId,
      output_index: outputIndex,
      summary_index: 0,
      text: summary,
    },
    {
      type: 'response.reasoning_summary_part.done',
      item_id: itemId,
      output_index: outputIndex,
      summary_index: 0,
      part: { type: 'summary_text', text: summary },
    },
    {
      type: 'response.output_item.done',
      output_index: outputIndex,
      item: {
        id: itemId,
        type: 'reasoning',
        summary: [{ type: 'summary_text', text: summary }],
        encrypted_content: encrypted,
      },
    },
  ].map((event) => JSON.stringify(event))
}

/** A function call item with its arguments in two deltas. */
export function functionCallEvents(
  itemId: string,
  callId: string,
  name: string,
  args: string,
  outputIndex: number,
): string[] {
  const half = Math.floor(args.length / 2)
  return [
    {
      type: 'response.output_item.added',
      output_index: outputIndex,
      item: { id: itemId, type: 'function_call', status: 'in_progress', arguments: '', call_id: callId, name },
    },
    {
      type: 'response.function_call_arguments.delta',
      item_id: itemId,
      output_index: outputIndex,
      delta: args.slice(0, half),
    },
    {
      type: 'response.function_call_arguments.delta',
      item_id: itemId,
      output_index: outputIndex,
      delta: args.slice(half),
    },
    { type: 'response.function_call_arguments.done', item_id: itemId, output_index: outputIndex, arguments: args },
    {
      type: 'response.output_item.done',
      output_index: outputIndex,
      item: { id: itemId, type: 'function_call', status: 'completed', arguments: args, call_id: callId, name },
    },
  ].map((event) => JSON.stringify(event))
}

/** An assistant message with one text part. */
export function messageEvents(itemId: string, text: string, outputIndex: number): string[] {
  return [
    {
      type: 'response.output_item.added',
      output_index: outputIndex,
      item: { id: itemId, type: 'message', status: 'in_progress', role: 'assistant', content: [] },
    },
    { type: 'response.output_text.delta', item_id: itemId, output_index: outputIndex, content_index: 0, delta: text },
    {
      type: 'response.output_item.done',
      output_index: outputIndex,
      item: {
        id: itemId,
        type: 'message',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text, annotations: [] }],
      },
    },
  ].map((event) => JSON.stringify(event))
}

/** One whole response: its items' events between `response.created` and `response.completed`. */
export function responseEvents(responseId: string, items: readonly string[][]): string[] {
  return [...opened(responseId), ...items.flat(), completed(responseId)]
}
