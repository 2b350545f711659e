package dev.pbs.model.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.profile.BuiltInProfiles;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The table that sampling reads must reproduce the exact inverse survival function to a relative
 * error below 1e-5, everywhere: in the far tail, near v = 1 (where Q falls towards 0) and at the
 * kinks of the mixtures.
 */
class QuantileTableTest {

    private static final double RELATIVE_ERROR = 1e-5;
    /** Twice the table's absolute tolerance at a cell's midpoint: a kink's error peaks at most at twice that. */
    private static final double ABSOLUTE_ERROR_MILLIS = 2e-6;

    private static final int POINTS = 20_000;

    record Named(String name, LatencyDistribution distribution) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Named> distributions() {
        return List.of(
                new Named("lnkd-ssd", BuiltInProfiles.LINKEDIN_SSD),
                new Named("lnkd-disk W", BuiltInProfiles.LINKEDIN_DISK_WRITE),
                new Named("ymmr W", BuiltInProfiles.YAMMER_WRITE),
                new Named("ymmr A/R/S", BuiltInProfiles.YAMMER_OTHER),
                new Named("Pareto(1, 0.8)", Pareto.of(1, 0.8)),
                new Named("Exponential(mean 1)", Exponential.ofMean(1)),
                new Named("LogNormal(0, 1)", LogNormal.of(0, 1)),
                new Named("atom mixture", DistributionCases.ATOM_MIXTURE));
    }

    private static void assertClose(Named named, QuantileTable table, double v) {
        double exact = named.distribution().inverseSurvivalProbability(v);
        double tabulated = table.inverseSurvival(v);
        assertThat(Math.abs(tabulated - exact))
                .as("%s at v = %s: table %s, exact %s", named, v, tabulated, exact)
                .isLessThanOrEqualTo(RELATIVE_ERROR * exact + ABSOLUTE_ERROR_MILLIS);
    }

    private static final Map<String, QuantileTable> TABLES = new ConcurrentHashMap<>();

    /** Tables take a tenth of a second for a mixture: build each once. */
    private static QuantileTable tabulate(Named named) {
        return TABLES.computeIfAbsent(
                named.name(), name -> QuantileTable.tabulate(named.distribution()::inverseSurvivalProbability));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("distributions")
    void inverseSurvival_logSpacedFrom1e14To1_withinRelativeError1e5(Named named) {
        QuantileTable table = tabulate(named);
        for (int k = 0; k <= POINTS; k++) {
            assertClose(named, table, Math.pow(10, -14.0 * k / POINTS));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("distributions")
    void inverseSurvival_randomSurvivalProbabilities_withinRelativeError1e5(Named named) {
        QuantileTable table = tabulate(named);
        RandomGenerator random = GoodnessOfFit.random(1204_6082L);
        for (int k = 0; k < POINTS; k++) {
            assertClose(named, table, 1.0 - random.nextDouble());
        }
    }

    /** The lower tail, v = 1 - w: where the delay approaches the bottom of the support. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("distributions")
    void inverseSurvival_nearOne_withinRelativeError1e5(Named named) {
        QuantileTable table = tabulate(named);
        for (int k = 0; k <= POINTS; k++) {
            assertClose(named, table, 1.0 - Math.pow(10, -1 - 8.0 * k / POINTS));
        }
    }

    @Test
    void inverseSurvival_aroundTheParetoKinkOfLnkdSsd_withinRelativeError1e5() {
        // The mixture's survival has a kink where the Pareto's support begins, x = xm = 0.235 ms.
        Named ssd = new Named("lnkd-ssd", BuiltInProfiles.LINKEDIN_SSD);
        QuantileTable table = tabulate(ssd);
        double kink = ssd.distribution().survivalProbability(0.235);
        for (int k = -2000; k <= 2000; k++) {
            assertClose(ssd, table, kink + k * 1e-7);
        }
    }

    @Test
    void inverseSurvival_heavyParetoFarTail_matchesClosedForm() {
        // Pareto(1, 0.8): Q(v) = v^(-1/0.8), closed form.
        QuantileTable table = QuantileTable.tabulate(Pareto.of(1, 0.8)::inverseSurvivalProbability);
        for (double v : new double[] {0.5, 1e-3, 1e-6, 1e-9, 1e-12, Math.scalb(1.0, -40), 1e-13, 1e-14}) {
            double closedForm = Math.pow(v, -1.25);
            assertThat(table.inverseSurvival(v))
                    .as("v = %s", v)
                    .isCloseTo(closedForm, within(RELATIVE_ERROR * closedForm));
        }
    }

    @Test
    void inverseSurvival_atOne_isTheBottomOfTheSupport() {
        assertThat(QuantileTable.tabulate(Pareto.of(3, 2)::inverseSurvivalProbability)
                        .inverseSurvival(1.0))
                .isEqualTo(3.0);
        assertThat(QuantileTable.tabulate(Exponential.ofMean(1)::inverseSurvivalProbability)
                        .inverseSurvival(1.0))
                .isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("distributions")
    void inverseSurvival_decreasingProbability_neverDecreases(Named named) {
        QuantileTable table = tabulate(named);
        double previous = table.inverseSurvival(1.0);
        for (int k = 1; k <= 200_000; k++) {
            double v = 1.0 - k / 200_000.0 * (1.0 - 1e-6);
            double x = table.inverseSurvival(v);
            assertThat(x).as("%s at v = %s", named, v).isGreaterThanOrEqualTo(previous);
            previous = x;
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("distributions")
    void inverseSurvivalOfShortDraw_bitsAboveTheTail_equalsTheDoublePathAtTheSameSurvival(Named named) {
        QuantileTable table = tabulate(named);
        RandomGenerator random = RandomGenerator.of("L64X128MixRandom");
        int tail = 1 << QuantileTable.SHORT_DRAW_TAIL_BITS;
        int[] edges = {-1, 0x8000_0000, 0x7FFF_FFFF, tail, tail + 1, 0x4000_0000, 0xFFFF_FFFE};
        for (int bits : edges) {
            double survival = ((bits & 0xFFFF_FFFFL) + 1) * 0x1.0p-32;
            assertThat(table.inverseSurvivalOfShortDraw(bits, null))
                    .as("bits %x", bits)
                    .isEqualTo(table.inverseSurvival(survival));
        }
        for (int i = 0; i < POINTS; i++) {
            // Shift some draws towards the tail so that every octave the short draw reads is exercised.
            int bits = random.nextInt() >>> random.nextInt(QuantileTable.SHORT_DRAW_OCTAVES);
            if ((bits & 0xFFFF_FFFFL) < tail) {
                continue;
            }
            double survival = ((bits & 0xFFFF_FFFFL) + 1) * 0x1.0p-32;
            assertThat(table.inverseSurvivalOfShortDraw(bits, null))
                    .as("bits %x", bits)
                    .isEqualTo(table.inverseSurvival(survival));
        }
    }

    /**
     * A short draw in the tail ({@code u < 2^20}, one in 4,096) is drawn again from 64 bits,
     * uniform on {@code (0, 2^-12]}: its value is the double path's at the survival those 64 bits
     * give, whatever the 32 bits were, so the tail reaches the octaves beyond 2^-32 as a 64-bit draw.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("distributions")
    void inverseSurvivalOfShortDraw_bitsInTheTail_drawsAgainFromSixtyFourBits(Named named) {
        QuantileTable table = tabulate(named);
        int[] tailBits = {0, 1, (1 << QuantileTable.SHORT_DRAW_TAIL_BITS) - 1, 12345};
        long[] sixtyFour = {0L, -1L, 1L << 63, 0x7FFL, 0x1234_5678_9ABC_DEF0L, 1L << 11};
        for (int bits : tailBits) {
            for (long next : sixtyFour) {
                double survival = Math.scalb((double) ((next >>> 11) + 1), -(53 + QuantileTable.SHORT_DRAW_OCTAVES));
                assertThat(table.inverseSurvivalOfShortDraw(bits, new FixedLong(next)))
                        .as("bits %x, then %x: survival %s", bits, next, survival)
                        .isEqualTo(table.inverseSurvival(survival));
            }
        }
        assertThat(Math.scalb((double) ((-1L >>> 11) + 1), -(53 + QuantileTable.SHORT_DRAW_OCTAVES)))
                .as("the largest redrawn survival is the tail's edge")
                .isEqualTo(Math.scalb(1.0, -QuantileTable.SHORT_DRAW_OCTAVES));
    }

    /** A generator whose every {@code nextLong()} is the same value. */
    private record FixedLong(long value) implements RandomGenerator {
        @Override
        public long nextLong() {
            return value;
        }
    }

    /**
     * Octaves beyond the first are built when a lookup first falls in them: threads that look up
     * the same fresh table at once, every octave included, all read what a table built before
     * any lookup gives (building is deterministic, so equal to the last bit).
     */
    @Test
    void inverseSurvival_freshTableLookedUpByFourThreadsAtOnce_equalsTheTableBuiltBefore() throws Exception {
        Named named = new Named("lnkd-disk W", BuiltInProfiles.LINKEDIN_DISK_WRITE);
        QuantileTable reference = tabulate(named);
        double[] survivals = new double[POINTS];
        RandomGenerator random = GoodnessOfFit.random(2026_1204L);
        for (int k = 0; k < POINTS; k++) {
            survivals[k] = (1.0 - random.nextDouble()) * Math.scalb(1.0, -random.nextInt(QuantileTable.OCTAVES + 2));
        }
        double[] expected = new double[POINTS];
        for (int k = 0; k < POINTS; k++) {
            expected[k] = reference.inverseSurvival(survivals[k]);
        }
        QuantileTable fresh = QuantileTable.tabulate(named.distribution()::inverseSurvivalProbability);
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Future<double[]>> results = new java.util.ArrayList<>();
            for (int thread = 0; thread < 4; thread++) {
                int offset = thread * (POINTS / 4);
                results.add(threads.submit(() -> {
                    double[] got = new double[POINTS];
                    for (int k = 0; k < POINTS; k++) {
                        // Each thread starts at a different place, so they reach octaves in different orders.
                        int at = (k + offset) % POINTS;
                        got[at] = fresh.inverseSurvival(survivals[at]);
                    }
                    return got;
                }));
            }
            for (java.util.concurrent.Future<double[]> result : results) {
                assertThat(result.get()).containsExactly(expected);
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
