package dev.pbs.model.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.LatencySampler;
import dev.pbs.model.distribution.LogNormal;
import dev.pbs.model.distribution.Mixture;
import dev.pbs.model.distribution.Shifted;
import dev.pbs.model.quorum.DatacenterReplicas;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The built-in {@code ec2-three-regions}: three named EC2 datacenters of three replicas each, LNKD-SSD
 * delays within a datacenter, and one-way delays between datacenters fitted to the round trips
 * measured between EC2 regions (ec2-round-trips.csv: Bailis, "Communication Costs in Real-World
 * Networks", 2013, file post_data/2013-05-17/ping-pctiles.json of github.com/pbailis/bailis.org-blog).
 *
 * <p>The round trip of a pair is the sum of two independent one-way draws. Every row of the CSV
 * (both directions of all three pairs) is checked against 2,000,000 sampled round trips (fixed seed):
 * p50 within 2.5%, p99 within 10%, p99.9 within 12%. The fit, computed independently by numerical
 * convolution of the one-way densities, gives p50/p99/p99.9 of 81.6/105.3/214.5 ms (us-east and
 * us-west), 110.8/118.4/150.4 ms (us-east and eu-west) and 172.7/192.2/215.9 ms (us-west and eu-west);
 * its largest departures from the measurements are p50 +2.2% (us-west and eu-west), p99 -1.3%
 * (eu-west to us-east) and p99.9 -4.7% (us-east and us-west), so the bounds leave room for sampling
 * error (well under 1% at these sizes) and catch a wrong parameter.
 */
class Ec2ThreeRegionsTest {

    private static final LatencyProfile PROFILE =
            BuiltInProfiles.named("ec2-three-regions").orElseThrow();
    private static final int SAMPLES = 2_000_000;
    /** Each pair's sorted round trips, sampled once for both of its directions' rows. */
    private static final Map<String, double[]> ROUND_TRIPS = new ConcurrentHashMap<>();

    private static DatacenterTopology topology() {
        return PROFILE.topology().orElseThrow();
    }

    @Test
    void topology_isThreeNamedDatacentersOfThreeReplicas() {
        DatacenterTopology topology = topology();
        assertThat(topology.isNamed()).isTrue();
        assertThat(topology.names()).containsExactly("us-east", "us-west", "eu-west");
        assertThat(topology.names()).isEqualTo(BuiltInProfiles.EC2_REGIONS);
        assertThat(topology.explicitReplicaDatacenters()).containsExactly(0, 0, 0, 1, 1, 1, 2, 2, 2);
        DatacenterReplicas replicas = topology.replicas();
        assertThat(replicas.replicaCount()).isEqualTo(9);
        assertThat(replicas.datacenterCount()).isEqualTo(3);
        for (int datacenter = 0; datacenter < 3; datacenter++) {
            assertThat(replicas.replicationFactor(datacenter))
                    .as(replicas.name(datacenter))
                    .isEqualTo(3);
        }
        assertThat(PROFILE.fixedReplicaCount()).contains(9);
        assertThat(topology.coordinatorPlacement()).isEqualTo(CoordinatorPlacement.fixed(0));
        assertThat(topology.defaultInterDatacenterDelay())
                .as("every pair has its own")
                .isEmpty();
        assertThat(topology.pairDelays()).hasSize(6);
    }

    @Test
    void localDelays_areLnkdSsdOnEveryMessageAndReplica() {
        assertThat(PROFILE.defaults())
                .isEqualTo(BuiltInProfiles.named("lnkd-ssd").orElseThrow().defaults());
        assertThat(PROFILE.defaults().write()).isSameAs(BuiltInProfiles.LINKEDIN_SSD);
        assertThat(PROFILE.replicaOverrides()).isEmpty();
        assertThat(PROFILE.coordinatorReplica()).isEmpty();
    }

    @ParameterizedTest(name = "{0} <-> {1}: c={2} ms, q={3}")
    @CsvSource({
        "0, 1, 39.9902, 0.00347, -0.48510, 1.23553, 4.48398, 0.37835",
        "0, 2, 54.7096, 0.00544, -0.44539, 0.48265, 2.92901, 0.57417",
        "1, 2, 85.7002, 0.01107, -0.48687, 0.52163, 2.93969, 0.49115",
    })
    void pairDelays_areTheFittedShiftedLognormalMixtureInBothDirections(
            int from, int to, double offset, double tailWeight, double mu1, double sigma1, double mu2, double sigma2) {
        LatencyDistribution expected = Shifted.of(
                offset,
                Mixture.of(List.of(
                        new Mixture.Component(1 - tailWeight, LogNormal.of(mu1, sigma1)),
                        new Mixture.Component(tailWeight, LogNormal.of(mu2, sigma2)))));
        assertThat(topology().interDatacenterDelay(from, to)).isEqualTo(expected);
        assertThat(topology().interDatacenterDelay(to, from)).isEqualTo(expected);
        // Never faster than the fitted floor c: the speed of light and routing, not the tail.
        assertThat(expected.inverseSurvivalProbability(1.0)).isCloseTo(offset, within(1e-9));
    }

    @ParameterizedTest(name = "{0} -> {1} -> {0}: measured p50 {2}, p99 {3}, p99.9 {4} ms")
    @CsvFileSource(resources = "/dev/pbs/model/profile/ec2-round-trips.csv", numLinesToSkip = 1)
    void roundTrip_twoIndependentOneWayDraws_matchTheMeasuredPercentiles(
            String from, String to, double p50, double p99, double p999) {
        int there = BuiltInProfiles.EC2_REGIONS.indexOf(from);
        int back = BuiltInProfiles.EC2_REGIONS.indexOf(to);
        double[] roundTrips = ROUND_TRIPS.computeIfAbsent(
                Math.min(there, back) + "-" + Math.max(there, back), pair -> sortedRoundTrips(there, back));

        assertThat(quantile(roundTrips, 0.5)).as("p50").isCloseTo(p50, within(0.025 * p50));
        assertThat(quantile(roundTrips, 0.99)).as("p99").isCloseTo(p99, within(0.10 * p99));
        assertThat(quantile(roundTrips, 0.999)).as("p99.9").isCloseTo(p999, within(0.12 * p999));
    }

    @Test
    void provenance_citesBothSourcesAndEveryParameter() {
        assertThat(PROFILE.provenance())
                .contains("PVLDB 5(8), 2012", "Table 3", "LNKD-SSD")
                .contains("Communication Costs in Real-World Networks", "ping-pctiles.json", "pbailis/bailis.org-blog")
                .contains("us-east (EC2 Virginia)", "us-west (EC2 Oregon)", "eu-west (EC2 Ireland)")
                .contains("c=39.9902", "q=0.00347", "mu1=-0.48510", "s1=1.23553", "mu2=4.48398", "s2=0.37835")
                .contains("c=54.7096", "q=0.00544", "mu1=-0.44539", "s1=0.48265", "mu2=2.92901", "s2=0.57417")
                .contains("c=85.7002", "q=0.01107", "mu1=-0.48687", "s1=0.52163", "mu2=2.93969", "s2=0.49115")
                .contains("80.9/104-106/225")
                .containsIgnoringCase("units: milliseconds");
        assertThat(PROFILE.description()).contains("us-east", "us-west", "eu-west", "N = 9");
        assertThat(BuiltInProfiles.isBuiltIn("ec2-three-regions")).isTrue();
    }

    /** Sorted round trips of a pair: {@value #SAMPLES} sums of a draw there and an independent draw back. */
    private static double[] sortedRoundTrips(int there, int back) {
        SplittableRandom random = new SplittableRandom(20_130_517L + 31L * there + back);
        LatencySampler outbound = topology().interDatacenterDelay(there, back).sampler(random);
        LatencySampler inbound = topology().interDatacenterDelay(back, there).sampler(random);
        double[] roundTrips = new double[SAMPLES];
        double[] returns = new double[SAMPLES];
        outbound.fill(roundTrips, 0, SAMPLES);
        inbound.fill(returns, 0, SAMPLES);
        for (int i = 0; i < SAMPLES; i++) {
            roundTrips[i] += returns[i];
        }
        Arrays.sort(roundTrips);
        return roundTrips;
    }

    /** The smallest sample with at least a fraction p of the samples at or below it. */
    private static double quantile(double[] sorted, double p) {
        int rank = (int) Math.ceil(p * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }
}
