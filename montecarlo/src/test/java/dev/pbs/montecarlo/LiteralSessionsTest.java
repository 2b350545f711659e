package dev.pbs.montecarlo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.model.readpath.ReadRepair;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The engine's monotonic reads against a literal simulation of the sequence: every write of a
 * 200 ms stretch around the two reads (delays are exponential of a few ms, so nothing older or
 * newer can matter), each replica's version looked up write by write, no early stops. Checks that
 * the engine's drawing of only the writes that matter changes nothing.
 */
class LiteralSessionsTest {

    private static final double WRITE_MEAN = 5;
    private static final double ACKNOWLEDGEMENT_MEAN = 1;
    private static final double READ_MEAN = 2;
    private static final double BEFORE = 100;
    private static final double AFTER = 100;

    /**
     * With N = 3 and R = 2, blocking read repair makes reads monotonic (the second read asks a
     * replica the first repaired, and starts only when the repair is done): both count none.
     */
    @ParameterizedTest(name = "N={0}, R={1}, read repair {2}, g={3} ms, {4} writes/s")
    @CsvSource({
        "3, 1, OFF, 1, 500",
        "3, 2, OFF, 1, 500",
        "3, 2, BLOCKING, 1, 500",
        "3, 2, NONE, 1, 500",
        "5, 2, BLOCKING, 1, 500",
        "5, 2, NONE, 1, 500",
        "5, 2, OFF, 1, 500",
        "3, 1, OFF, 4, 100",
        "5, 2, OFF, 0, 2000",
        "3, 1, OFF, 8, 3000"
    })
    void literalSequence_sameViolationsAsTheEngine(
            int n, int r, ReadRepair repair, double interval, double writesPerSecond) {
        LatencyProfile profile = LatencyProfile.builder("exponential")
                .provenance("test")
                .defaults(new MessageDelays(
                        Exponential.ofMean(WRITE_MEAN),
                        Exponential.ofMean(ACKNOWLEDGEMENT_MEAN),
                        Exponential.ofMean(READ_MEAN),
                        Exponential.ofMean(READ_MEAN)))
                .build();
        int trials = 40_000;
        SimulationSpec spec = SimulationSpec.builder(profile, n)
                .configurations(List.of(new QuorumConfiguration(n, r, 1)))
                .readFanout(ReadFanout.TARGETED)
                .readRepair(repair)
                .trials(1000)
                .seed(17)
                .build();
        ProportionEstimate engine = new WarsEngine()
                .run(spec, new SessionSpec(interval, writesPerSecond, trials))
                .configuration(r, 1)
                .orElseThrow()
                .monotonicReadsViolation();
        long literal =
                literalViolations(n, r, repair, interval, writesPerSecond / 1000, trials, new SplittableRandom(99));
        if (n == 3 && r == 2 && repair == ReadRepair.BLOCKING) {
            assertThat(engine.successes()).isZero();
            assertThat(literal).isZero();
            return;
        }
        double pooled = (double) (engine.successes() + literal) / (2.0 * trials);
        double error = Math.sqrt(pooled * (1 - pooled) * 2.0 / trials);
        assertThat(pooled).as("the case must go back in time sometimes").isGreaterThan(0.0005);
        assertThat(Math.abs(engine.estimate() - (double) literal / trials))
                .as("engine %s, literal %s", engine.estimate(), (double) literal / trials)
                .isLessThanOrEqualTo(SamplingTolerance.familyZ(8) * error);
    }

    private static double exponential(SplittableRandom random, double mean) {
        return -mean * Math.log(1 - random.nextDouble());
    }

    private static long literalViolations(
            int n,
            int r,
            ReadRepair repair,
            double interval,
            double perMillisecond,
            int trials,
            SplittableRandom random) {
        long violations = 0;
        for (int trial = 0; trial < trials; trial++) {
            java.util.List<double[]> arrivals = new java.util.ArrayList<>();
            double time = -BEFORE;
            while ((time += exponential(random, 1 / perMillisecond)) < AFTER) {
                double[] arrival = new double[n];
                for (int i = 0; i < n; i++) {
                    arrival[i] = time + exponential(random, WRITE_MEAN);
                }
                arrivals.add(arrival);
            }
            int[] firstReplicas = choose(random, n, r);
            double[] firstArrival = new double[r];
            double firstLatency = 0;
            int newest = -1;
            int oldest = Integer.MAX_VALUE;
            int[] seen = new int[r];
            for (int j = 0; j < r; j++) {
                firstArrival[j] = exponential(random, READ_MEAN);
                firstLatency = Math.max(firstLatency, firstArrival[j] + exponential(random, READ_MEAN));
                seen[j] = version(arrivals, firstReplicas[j], firstArrival[j]);
                newest = Math.max(newest, seen[j]);
                oldest = Math.min(oldest, seen[j]);
            }
            double returned = firstLatency;
            double[] repairedAt = new double[n];
            java.util.Arrays.fill(repairedAt, Double.POSITIVE_INFINITY);
            if (repair != ReadRepair.OFF && oldest < newest) {
                // A digest mismatch: the full data is read again from the same replicas, and
                // (blocking) those whose second answer is older than the newest are repaired.
                int[] again = new int[r];
                double secondRoundEnd = firstLatency;
                for (int j = 0; j < r; j++) {
                    double arrived = firstLatency + exponential(random, READ_MEAN);
                    secondRoundEnd = Math.max(secondRoundEnd, arrived + exponential(random, READ_MEAN));
                    again[j] = version(arrivals, firstReplicas[j], arrived);
                    newest = Math.max(newest, again[j]);
                }
                returned = secondRoundEnd;
                for (int j = 0; j < r && repair == ReadRepair.BLOCKING; j++) {
                    if (again[j] < newest) {
                        int replica = firstReplicas[j];
                        repairedAt[replica] = secondRoundEnd + exponential(random, WRITE_MEAN);
                        returned = Math.max(returned, repairedAt[replica] + exponential(random, ACKNOWLEDGEMENT_MEAN));
                    }
                }
            }
            double secondStart = Math.max(interval, returned);
            int[] secondReplicas = choose(random, n, r);
            int second = -1;
            for (int j = 0; j < r; j++) {
                double arrived = secondStart + exponential(random, READ_MEAN);
                exponential(random, READ_MEAN);
                int replica = secondReplicas[j];
                int version = version(arrivals, replica, arrived);
                if (repairedAt[replica] <= arrived) {
                    version = Math.max(version, newest);
                }
                second = Math.max(second, version);
            }
            if (second < newest) {
                violations++;
            }
        }
        return violations;
    }

    /** The newest write that reached the replica by then; -1: only the value older than them all. */
    private static int version(List<double[]> arrivals, int replica, double time) {
        int newest = -1;
        for (int write = 0; write < arrivals.size(); write++) {
            if (arrivals.get(write)[replica] <= time) {
                newest = write;
            }
        }
        return newest;
    }

    private static int[] choose(SplittableRandom random, int n, int r) {
        int[] replicas = java.util.stream.IntStream.range(0, n).toArray();
        for (int k = 0; k < r; k++) {
            int swap = k + random.nextInt(n - k);
            int chosen = replicas[swap];
            replicas[swap] = replicas[k];
            replicas[k] = chosen;
        }
        return java.util.Arrays.copyOf(replicas, r);
    }
}
