-- wrk script: POSTs the JSON body in the environment variable PBS_BODY and counts answers by
-- status, so the report can tell intended 503s (over capacity) from anything else. With PBS_PORTS
-- (ports separated by spaces), wrk's threads are spread over those ports of 127.0.0.1 in turn, each
-- thread's connections to one port: a round-robin of several instances.
wrk.method = "POST"
wrk.body = os.getenv("PBS_BODY")
wrk.headers["Content-Type"] = "application/json"

local threads = {}

local ports = {}
for port in string.gmatch(os.getenv("PBS_PORTS") or "", "%d+") do
  table.insert(ports, port)
end

function setup(thread)
  table.insert(threads, thread)
  if #ports > 0 then
    thread.addr = wrk.lookup("127.0.0.1", ports[((#threads - 1) % #ports) + 1])[1]
  end
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
