#!/bin/sh
# weather_now: a two-round process tool in POSIX sh with jq.
# Round 1 asks the host to GET the weather; round 2 turns the host's response into the result.
# The host writes one JSON request line on stdin: {"arguments":{...},"round":N,"response":...}
# and reads one JSON line from stdout. Logs go to stderr.
set -eu

request=$(cat)
round=$(printf '%s' "$request" | jq -r '.round')

if [ "$round" = 1 ]; then
  # Let the host perform the HTTP request (allow-list, address checks, approval).
  printf '%s' "$request" | jq -c --arg api "$WEATHER_API" '{
    type: "http",
    method: "GET",
    url: "\($api)/current?city=\(.arguments.city | @uri)",
    description: "Current weather for \(.arguments.city)"
  }'
  exit 0
fi

# Round 2: .response is {status, headers, body, truncated}; the body is the service's JSON text.
printf '%s' "$request" | jq -c '
  .arguments.city as $city
  | .response as $response
  | if $response.status != 200 then
      {type: "error", message: "The weather service answered HTTP \($response.status) for \($city)."}
    else
      ($response.body | try fromjson catch null) as $weather
      | if ($weather | type) != "object" then
          {type: "error", message: "The weather service sent something that is not JSON."}
        else
          {type: "result",
           content: "\($city): \($weather.temperature) °C, \($weather.summary)",
           structured: {city: $city, temperature: $weather.temperature, summary: $weather.summary}}
        end
    end'
