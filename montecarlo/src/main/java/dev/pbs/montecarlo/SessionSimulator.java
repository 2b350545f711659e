package dev.pbs.montecarlo;

import dev.pbs.model.distribution.LatencySampler;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Runs session trials for one worker. Writes to the key from all clients form a Poisson process
 * over the whole time line; each write reaches replica i W[i] after its start (expanding quorums).
 *
 * <p><b>Monotonic reads.</b> A client's first read starts at 0 and its second {@code g} ms later,
 * or when the first returns if later. The second is a violation when it returns an older write
 * than the first. Only writes that matter are drawn: going back from 0 until one that had reached
 * every replica by 0 (every older one is hidden by it), and forward until the second read's last
 * request arrives, or until a write started after the first read's last request has reached
 * every replica by {@code g} (the second read then sees something at least as new). With blocking
 * read repair, a first read whose kept answers disagree reads the full data again from the same
 * replicas (a fresh R' and S' each, the requests leaving when its first round ends), returns the
 * newest of those answers, writes it to the replicas whose second answer was older (a fresh W''
 * and A'' each) and returns only when they have acknowledged. Its last request is then the
 * latest of the second round's. With read repair NONE it reads again in the same way and returns
 * the newest second answer when the second round ends, writing nothing.
 *
 * <p><b>Read your writes.</b> The client's own write starts at 0 and commits at the W-th
 * acknowledgement; it reads {@code d} ms after that. The read sees its write, or a newer one,
 * when a kept replica had one of them when the request arrived; newer writes from other clients
 * are drawn until none can arrive earlier. As for t-visibility, one threshold per trial serves
 * every {@code d}.
 */
final class SessionSimulator implements ChunkedRun.Worker {

    private final TrialPlan plan;
    private final int n;
    private final double readInterval;
    private final double writesPerMillisecond;
    private final SessionTimeline timeline;
    private final SessionRead first;
    private final SessionRead second;
    private final SessionRead afterWrite;
    private final double[] repairWrite;
    private final double[] repairAcknowledgement;
    private final double[] secondRoundRead;
    private final double[] secondRoundResponse;
    /** Per R (0-based): the first read's version, when the second starts, what repair wrote where. */
    private final int[] firstVersion;

    private final double[] secondStart;
    private final int[] repairedVersion;
    private final double[][] repairedAt;
    private final double[] ownArrival;
    private final double[] acknowledged;
    /** Per R (0-based): the earliest a kept answer had the client's write or a newer one, less its request's arrival. */
    private final double[] earliestOwn;

    private final double[] sortedGrid;
    private final int[] gridIndex;

    /** Per R (0-based): second reads older than the first. */
    final long[] violations;
    /**
     * Per configuration and sorted grid position: trials whose read-your-writes threshold falls
     * at that position (first grid time at or after it); position grid.length: beyond the grid.
     */
    final long[][] readOwnFrom;

    long trials;

    SessionSimulator(TrialPlan plan, SessionSpec session) {
        this.plan = plan;
        this.n = plan.n;
        this.readInterval = session.readIntervalMillis();
        this.writesPerMillisecond = session.writesPerMillisecond();
        this.timeline = new SessionTimeline(n);
        this.first = new SessionRead(plan);
        this.second = new SessionRead(plan);
        this.afterWrite = new SessionRead(plan);
        this.repairWrite = new double[n];
        this.repairAcknowledgement = new double[n];
        this.secondRoundRead = new double[n];
        this.secondRoundResponse = new double[n];
        this.firstVersion = new int[n];
        this.secondStart = new double[n];
        this.repairedVersion = new int[n];
        this.repairedAt = new double[n][n];
        this.ownArrival = new double[n];
        this.acknowledged = new double[n];
        this.earliestOwn = new double[n];
        this.gridIndex = sortedOrder(plan.grid);
        this.sortedGrid = new double[plan.grid.length];
        for (int g = 0; g < gridIndex.length; g++) {
            sortedGrid[g] = plan.grid[gridIndex[g]];
        }
        this.violations = new long[n];
        this.readOwnFrom = new long[plan.configurationCount][plan.grid.length + 1];
    }

    private static int[] sortedOrder(double[] grid) {
        return java.util.stream.IntStream.range(0, grid.length)
                .boxed()
                .sorted((a, b) -> Double.compare(grid[a], grid[b]))
                .mapToInt(Integer::intValue)
                .toArray();
    }

    /** Adds another worker's counts to this one's. */
    void add(SessionSimulator other) {
        trials += other.trials;
        for (int k = 0; k < n; k++) {
            violations[k] += other.violations[k];
        }
        for (int c = 0; c < readOwnFrom.length; c++) {
            for (int g = 0; g < readOwnFrom[c].length; g++) {
                readOwnFrom[c][g] += other.readOwnFrom[c][g];
            }
        }
    }

    /** Per configuration, the count of trials that read their own write at each grid time (spec order). */
    long[] readOwnCounts(int configuration) {
        long[] counts = new long[plan.grid.length];
        long running = 0;
        for (int g = 0; g < sortedGrid.length; g++) {
            running += readOwnFrom[configuration][g];
            counts[gridIndex[g]] = running;
        }
        return counts;
    }

    @Override
    public void run(RandomGenerator random, RandomGenerator auxiliary, int count) {
        Samplers sequence = new Samplers(plan, random);
        Samplers ownWrite = new Samplers(plan, auxiliary);
        for (int trial = 0; trial < count; trial++) {
            monotonicReads(random, sequence.write, sequence.acknowledgement, sequence.read, sequence.response);
            readYourWrites(auxiliary, ownWrite.write, ownWrite.acknowledgement, ownWrite.read, ownWrite.response);
        }
        trials += count;
    }

    /**
     * Each replica's samplers on one generator. Monotonic reads draw from the chunk's generator and
     * read-your-writes from its auxiliary one, so that neither changes the other's draws (with and
     * without read repair, read-your-writes is then the same).
     */
    private static final class Samplers {
        final LatencySampler[] write;
        final LatencySampler[] acknowledgement;
        final LatencySampler[] read;
        final LatencySampler[] response;

        Samplers(TrialPlan plan, RandomGenerator random) {
            int n = plan.n;
            write = new LatencySampler[n];
            acknowledgement = new LatencySampler[n];
            read = new LatencySampler[n];
            response = new LatencySampler[n];
            for (int i = 0; i < n; i++) {
                write[i] = plan.write[i].sampler(random);
                acknowledgement[i] = plan.acknowledgement[i].sampler(random);
                read[i] = plan.read[i].sampler(random);
                response[i] = plan.response[i].sampler(random);
            }
        }
    }

    private double nextGap(RandomGenerator random) {
        return random.nextExponential() / writesPerMillisecond;
    }

    private void monotonicReads(
            RandomGenerator random,
            LatencySampler[] write,
            LatencySampler[] acknowledgement,
            LatencySampler[] read,
            LatencySampler[] response) {
        timeline.clear();
        double time = 0;
        do {
            time -= nextGap(random);
        } while (timeline.add(time, write) > 0);
        timeline.reverse();
        first.draw(read, response, random);
        second.draw(read, response, random);
        for (int i = 0; i < n; i++) {
            repairWrite[i] = write[i].sample();
            repairAcknowledgement[i] = acknowledgement[i].sample();
            secondRoundRead[i] = read[i].sample();
            secondRoundResponse[i] = response[i].sample();
        }
        double firstLast = first.lastArrival();
        if (plan.repairs) {
            firstLast = Math.max(firstLast, lastSecondRoundArrival());
        }
        boolean settled = false;
        time = 0;
        while (time <= firstLast) {
            time += nextGap(random);
            settled |= timeline.add(time, write) <= readInterval && time > firstLast;
        }
        double latestSecondStart = readInterval;
        for (int k = 0; k < plan.maxRead; k++) {
            if (plan.readNeeded[k]) {
                latestSecondStart = Math.max(latestSecondStart, readFirst(k));
            }
        }
        double secondLast = latestSecondStart + second.lastArrival();
        while (!settled && time <= secondLast) {
            time += nextGap(random);
            settled = timeline.add(time, write) <= readInterval;
        }
        for (int k = 0; k < plan.maxRead; k++) {
            if (plan.readNeeded[k] && readSecond(k) < firstVersion[k]) {
                violations[k]++;
            }
        }
    }

    /** The latest a first read's second round (for any R) can reach a replica, ms after it started. */
    private double lastSecondRoundArrival() {
        double latest = 0;
        for (int k = 1; k < plan.maxRead; k++) {
            if (!plan.readNeeded[k]) {
                continue;
            }
            first.keep(k);
            for (int j = 0; j <= k; j++) {
                latest = Math.max(latest, first.latency + secondRoundRead[first.kept[j]]);
            }
        }
        return latest;
    }

    /** The first read for R = k + 1, with its repairs; returns when the second read starts. */
    private double readFirst(int k) {
        first.keep(k);
        int newest = -1;
        int oldest = Integer.MAX_VALUE;
        for (int j = 0; j <= k; j++) {
            int version = timeline.versionAt(first.kept[j], first.keptArrival[j]);
            newest = Math.max(newest, version);
            oldest = Math.min(oldest, version);
        }
        firstVersion[k] = newest;
        double[] repaired = repairedAt[k];
        Arrays.fill(repaired, Double.POSITIVE_INFINITY);
        double returned = first.latency;
        if (plan.repairs && oldest < newest) {
            double secondRoundEnd = first.latency;
            for (int j = 0; j <= k; j++) {
                int replica = first.kept[j];
                int version = timeline.versionAt(replica, first.latency + secondRoundRead[replica]);
                newest = Math.max(newest, version);
                secondRoundEnd = Math.max(
                        secondRoundEnd, first.latency + secondRoundRead[replica] + secondRoundResponse[replica]);
            }
            firstVersion[k] = newest;
            repairedVersion[k] = newest;
            returned = secondRoundEnd;
            for (int j = 0; j <= k && plan.writesBack; j++) {
                int replica = first.kept[j];
                if (timeline.versionAt(replica, first.latency + secondRoundRead[replica]) < newest) {
                    repaired[replica] = secondRoundEnd + repairWrite[replica];
                    returned = Math.max(returned, repaired[replica] + repairAcknowledgement[replica]);
                }
            }
        }
        secondStart[k] = Math.max(readInterval, returned);
        return secondStart[k];
    }

    /** The second read for R = k + 1: the newest version among its kept answers. */
    private int readSecond(int k) {
        second.keep(k);
        double start = secondStart[k];
        int newest = -1;
        for (int j = 0; j <= k; j++) {
            int replica = second.kept[j];
            double arrived = start + second.keptArrival[j];
            int version = timeline.versionAt(replica, arrived);
            if (repairedAt[k][replica] <= arrived) {
                version = Math.max(version, repairedVersion[k]);
            }
            newest = Math.max(newest, version);
        }
        return newest;
    }

    private void readYourWrites(
            RandomGenerator random,
            LatencySampler[] write,
            LatencySampler[] acknowledgement,
            LatencySampler[] read,
            LatencySampler[] response) {
        double everywhere = 0;
        for (int i = 0; i < n; i++) {
            ownArrival[i] = write[i].sample();
            acknowledged[i] = ownArrival[i] + acknowledgement[i].sample();
            everywhere = Math.max(everywhere, ownArrival[i]);
        }
        Arrays.sort(acknowledged);
        double time = nextGap(random);
        while (time < everywhere) {
            everywhere = 0;
            for (int i = 0; i < n; i++) {
                ownArrival[i] = Math.min(ownArrival[i], time + write[i].sample());
                everywhere = Math.max(everywhere, ownArrival[i]);
            }
            time += nextGap(random);
        }
        afterWrite.draw(read, response, random);
        // The answers kept depend on R only: once per R, not per configuration.
        for (int k = 0; k < plan.maxRead; k++) {
            if (!plan.readNeeded[k]) {
                continue;
            }
            afterWrite.keep(k);
            double earliest = Double.POSITIVE_INFINITY;
            for (int j = 0; j <= k; j++) {
                earliest = Math.min(earliest, ownArrival[afterWrite.kept[j]] - afterWrite.keptArrival[j]);
            }
            earliestOwn[k] = earliest;
        }
        for (int c = 0; c < plan.configurationCount; c++) {
            double threshold = Math.max(0, earliestOwn[plan.readIndex[c]] - acknowledged[plan.writeIndex[c]]);
            int position = Arrays.binarySearch(sortedGrid, threshold);
            if (position < 0) {
                position = -position - 1;
            } else {
                while (position > 0 && sortedGrid[position - 1] == threshold) {
                    position--;
                }
            }
            readOwnFrom[c][position]++;
        }
    }
}
