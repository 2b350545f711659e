-- wrk script: POSTs the JSON body in the environment variable PBS_BODY and counts answers by
-- status, so the report can tell intended 503s (over capacity) from anything else.
wrk.method = "POST"
wrk.body = os.getenv("PBS_BODY")
wrk.headers["Content-Type"] = "application/json"

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do
      total[status] = (total[status] or 0) + count
    end
  end
  for status, count in pairs(total) do
    io.write(string.format("status %d: %d\n", status, count))
  end
end
