-- Almanac limits: the one script (DESIGN.md, "Reliability and security rules").
-- Mode "admit": checks every counter and the developer-plan meter, and consumes only when all of
-- them admit, so a refused request changes nothing. Mode "release": gives back a reserved plan call.
-- Mode "giveback": gives back what an admitted call took of some counters, and its reservation.
--
-- admit: KEYS = counter keys 1..n, then (with a meter) the month hash and the settings hash, then
--   (with rebuildable counters) the epoch key.
--   ARGV[1]='admit', ARGV[2]= the arguments below as one MessagePack array (one argument:
--   ioredis encodes and decodes per argument and per reply item, ~40 of each, issue 15; and
--   MessagePack, not text: the script read 41 comma-separated fields with a string and a strtod
--   each and wrote its reply with a printf per number, about half of its 396,000 instructions a
--   call, counted with callgrind); A[k] below is the k-th with A[1]='admit':
--   A[2]=now ms, A[3]=n, A[4]=has meter (0/1), A[5]=has epoch (0/1), A[6]=epoch skew ms
--   per counter i (base 6+(i-1)*6): kind (0 fixed, 1 gcra), limit, cost, window ms,
--     since (window start ms of a rebuildable counter, -1: not rebuildable), seed (-1: none)
--   meter (base 6+n*6): plan, included, rate, price, month ttl, conf ttl, seeded (0/1), then only
--     when seeded: seed calls, seed accrued, seed enabled (0/1), seed plan, seed rate, seed price,
--     seed cap
-- returns, as a MessagePack array of integers,
--   code, retry ms, cost, calls, accrued, cap, enabled, remaining_1, reset_1, refused_1, ...
--   code: 1 admitted, 0 limited, 2 allowance used up, 3 cap reached,
--   4 seed needed: 4, meter needs a seed (0/1), indexes (0-based) of counters that need one...
-- Epoch: the epoch key holds the time this Redis started holding counters (set when missing, no
-- expiry). A rebuildable counter missing for a window begun before it (plus the skew allowed
-- between the API processes' clocks) was lost with Redis's data (restart, flush), so it is rebuilt
-- from its seed instead of counted from 0.
-- release: KEYS[1] = month hash; ARGV[2] = cost micros.
-- giveback (a call admitted, then refused for the service's own capacity; not the hot path, so
--   plain arguments): KEYS = counter keys 1..n, then the month hash when a reservation goes back;
--   ARGV[2] = n, ARGV[3..n+2] = each counter's units, ARGV[n+3] = the reservation's cost micros
--   (with the month hash). A counter no longer there (its window ended) is not created again, and
--   none goes below 0.
local mode = ARGV[1]
local function release(key, cost)
  if redis.call('EXISTS', key) == 1 then
    redis.call('HINCRBY', key, 'calls', -1)
    -- Not HINCRBY by -cost when cost is 0 (a call inside the allowance): Lua's -0 reaches Redis as
    -- '-0', which HINCRBY refuses ("not an integer"), failing the script after the line above.
    if cost ~= 0 then redis.call('HINCRBY', key, 'accrued', -cost) end
  end
end
if mode == 'release' then
  release(KEYS[1], tonumber(ARGV[2]))
  return 1
end
if mode == 'giveback' then
  local n = tonumber(ARGV[2])
  for i = 1, n do
    if redis.call('EXISTS', KEYS[i]) == 1 then
      local left = redis.call('DECRBY', KEYS[i], tonumber(ARGV[2 + i]))
      if left < 0 then redis.call('INCRBY', KEYS[i], -left) end
    end
  end
  if #KEYS > n then release(KEYS[n + 1], tonumber(ARGV[n + 3])) end
  return 1
end

-- The arguments (numbers and strings as sent: a seed without a plan sends '').
local A = cmsgpack.unpack(ARGV[2])
table.insert(A, 1, mode)

-- Integers (truncated, as Redis converts a Lua number reply) as one MessagePack array.
local function packed(t)
  for i = 1, #t do
    local v = t[i]
    t[i] = v >= 0 and math.floor(v) or math.ceil(v)
  end
  return cmsgpack.pack(t)
end

local now = tonumber(A[2])
local n = tonumber(A[3])
local has_meter = A[4] == 1
local has_epoch = A[5] == 1
local skew = tonumber(A[6])
local CB = 6
local MB = CB + n * 6

-- Each counter's value, read once (false when missing), and the meter's hashes (false fields when a
-- hash is missing: its first field is always written with it).
local cur = {}
if n > 0 then cur = redis.call('MGET', unpack(KEYS, 1, n)) end
local m, c
if has_meter then
  m = redis.call('HMGET', KEYS[n + 1], 'calls', 'accrued')
  c = redis.call('HMGET', KEYS[n + 2], 'enabled', 'plan', 'rate', 'price', 'cap')
end

-- Rebuild lost counters first (a seed is the count the user store has for the window).
local need = {}
if has_epoch then
  local ek = KEYS[#KEYS]
  local epoch = tonumber(redis.call('GET', ek))
  if not epoch then
    redis.call('SET', ek, now)
    epoch = now
  end
  for i = 1, n do
    local b = CB + (i - 1) * 6
    local since, seed = tonumber(A[b + 5]), tonumber(A[b + 6])
    if since >= 0 and not cur[i] then
      if seed >= 0 then
        redis.call('SET', KEYS[i], seed, 'PX', math.max(tonumber(A[b + 4]), 1))
        cur[i] = seed
      elseif since < epoch + skew then
        need[#need + 1] = i - 1
      end
    end
  end
end
local meter_need = 0
if has_meter and A[MB + 7] ~= 1 and (not m[1] or not c[1]) then meter_need = 1 end
if meter_need == 1 or #need > 0 then
  local res = { 4, meter_need }
  for _, i in ipairs(need) do res[#res + 1] = i end
  return packed(res)
end

local code = 1
local retry = 0
local out = {}
local plans = {}
for i = 1, n do
  local b = CB + (i - 1) * 6
  local kind, limit, cost, window = tonumber(A[b + 1]), tonumber(A[b + 2]), tonumber(A[b + 3]), tonumber(A[b + 4])
  if kind == 0 then
    local used = tonumber(cur[i]) or 0
    -- The window's end is the key's expiry (the key names its window, and is written with
    -- PX = the ms to that end), so no PTTL: `window` is that time from now.
    local ttl = window
    if used + cost > limit then
      code = 0
      if ttl > retry then retry = ttl end
      out[#out + 1] = math.max(limit - used, 0)
      out[#out + 1] = ttl
      out[#out + 1] = 1
    else
      out[#out + 1] = limit - used - cost
      out[#out + 1] = ttl
      out[#out + 1] = 0
      plans[#plans + 1] = { 0, KEYS[i], used, cost, window }
    end
  else
    local interval = window / limit
    local tat = tonumber(cur[i]) or now
    if tat < now then tat = now end
    local new_tat = tat + cost * interval
    if new_tat - now > window then
      code = 0
      local wait = math.ceil(new_tat - now - window)
      if wait > retry then retry = wait end
      out[#out + 1] = math.max(math.floor((window - (tat - now)) / interval), 0)
      out[#out + 1] = math.ceil(tat - now)
      out[#out + 1] = 1
    else
      out[#out + 1] = math.floor((window - (new_tat - now)) / interval)
      out[#out + 1] = math.ceil(new_tat - now)
      out[#out + 1] = 0
      plans[#plans + 1] = { 1, KEYS[i], new_tat, 0, math.ceil(new_tat - now) }
    end
  end
end

local m_cost, m_calls, m_accrued, m_cap, m_enabled = 0, 0, 0, 0, 0
if has_meter then
  local b = MB
  local plan, included, rate, price = A[b + 1], tonumber(A[b + 2]), tonumber(A[b + 3]), tonumber(A[b + 4])
  local month_ttl, conf_ttl, seeded = tonumber(A[b + 5]), tonumber(A[b + 6]), A[b + 7] == 1
  local mk, ck = KEYS[n + 1], KEYS[n + 2]
  local have_month, have_conf = m[1] ~= false, c[1] ~= false
  if not (have_month and have_conf) then
    if not have_month then
      redis.call('HSET', mk, 'calls', A[b + 8], 'accrued', A[b + 9])
      redis.call('PEXPIRE', mk, month_ttl)
      m = { A[b + 8], A[b + 9] }
    end
    if not have_conf then
      redis.call('HSET', ck, 'enabled', A[b + 10], 'plan', A[b + 11], 'rate', A[b + 12], 'price', A[b + 13], 'cap', A[b + 14])
      redis.call('PEXPIRE', ck, conf_ttl)
      c = { A[b + 10], A[b + 11], A[b + 12], A[b + 13], A[b + 14] }
    end
  end
  m_calls, m_accrued = tonumber(m[1]) or 0, tonumber(m[2]) or 0
  m_cap = tonumber(c[5]) or 0
  -- tonumber: a field read from the hash is text ('1'), one seeded in this call a number.
  if tonumber(c[1]) == 1 and c[2] == plan and tonumber(c[3]) == rate and tonumber(c[4]) == price and m_cap > 0 then m_enabled = 1 end
  if code == 1 then
    if m_calls < included then
      m_cost = 0
    elseif m_enabled == 1 and m_accrued + rate <= m_cap then
      m_cost = rate
    elseif m_enabled == 1 then
      code = 3
    else
      code = 2
    end
  end
  if code == 1 then
    m_calls = redis.call('HINCRBY', mk, 'calls', 1)
    if m_cost > 0 then m_accrued = redis.call('HINCRBY', mk, 'accrued', m_cost) end
  end
end

if code == 1 then
  for _, p in ipairs(plans) do
    if p[1] == 0 then
      if p[3] == 0 then
        redis.call('SET', p[2], p[4], 'PX', p[5])
      else
        redis.call('INCRBY', p[2], p[4])
      end
    else
      -- A GCRA key outlives its TAT by a second: an expired key and a TAT in the past mean the same
      -- (tat < now reads as now), so the slack changes no decision, but a caller whose clock is its
      -- own (the contract tests' fixed `now`) is not reset by Redis's wall clock between calls.
      redis.call('SET', p[2], string.format('%.3f', p[3]), 'PX', p[5] + 1000)
    end
  end
end

local res = { code, retry, m_cost, m_calls, m_accrued, m_cap, m_enabled }
for i = 1, #out do res[#res + 1] = out[i] end
return packed(res)
