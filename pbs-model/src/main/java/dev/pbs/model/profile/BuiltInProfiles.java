package dev.pbs.model.profile;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.LogNormal;
import dev.pbs.model.distribution.Mixture;
import dev.pbs.model.distribution.Shifted;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The production latency fits of Bailis et al., "Probabilistically Bounded Staleness for
 * Practical Partial Quorums", PVLDB 5(8), 2012, Table 3. Each delay is a mixture: with
 * probability p an exponential of rate lambda (per ms), else a Pareto(xm ms, alpha).
 *
 * <p>{@code ec2-three-regions} adds three named datacenters (EC2 us-east, us-west, eu-west, three
 * replicas each) to LNKD-SSD's local delays, with one-way delays between them fitted to the
 * round trips between EC2 regions published by the paper's first author in 2013.
 */
public final class BuiltInProfiles {

    private static final String PAPER = "Bailis, Venkataraman, Franklin, Hellerstein, Stoica, \"Probabilistically "
            + "Bounded Staleness for Practical Partial Quorums\", PVLDB 5(8), 2012, Table 3";

    /** LinkedIn Voldemort, SSD nodes: W, A, R and S alike. */
    public static final LatencyDistribution LINKEDIN_SSD = Mixture.paretoExponential(0.9122, 0.235, 10, 0.0878, 1.66);

    /** LinkedIn Voldemort, 15k RPM disk nodes: the write delay (A, R, S are as for SSD). */
    public static final LatencyDistribution LINKEDIN_DISK_WRITE =
            Mixture.paretoExponential(0.38, 1.05, 1.51, 0.62, 0.183);

    /** Yammer Riak: the write delay (alpha 3.5, as in the authors' simulator; the table prints 3.35). */
    public static final LatencyDistribution YAMMER_WRITE = Mixture.paretoExponential(0.939, 3, 3.5, 0.061, 0.0028);

    /** Yammer Riak: A, R and S. */
    public static final LatencyDistribution YAMMER_OTHER = Mixture.paretoExponential(0.982, 1.5, 3.8, 0.018, 0.0217);

    /** The extra one-way delay between datacenters in the WAN scenario, ms. */
    public static final double WAN_DELAY_MILLIS = 75;

    private static final String EC2_PINGS = "Bailis, \"Communication Costs in Real-World Networks\", "
            + "bailis.org blog, 2013-05-17: round trips (ping, once a second for a week, m1.small instances) "
            + "between EC2 regions, percentiles in post_data/2013-05-17/ping-pctiles.json of "
            + "github.com/pbailis/bailis.org-blog (regions 0 Virginia, 1 Oregon, 3 Ireland)";

    /** The datacenters of {@code ec2-three-regions}: EC2 Virginia, Oregon and Ireland. */
    public static final List<String> EC2_REGIONS = List.of("us-east", "us-west", "eu-west");

    /**
     * One-way delay between EC2 us-east (Virginia) and us-west (Oregon), either direction: measured
     * round trip p50 80.9 ms, p99 104 to 106 ms, p99.9 225 ms.
     */
    public static final LatencyDistribution EC2_US_EAST_US_WEST =
            ec2OneWay(39.9902, 0.00347, -0.48510, 1.23553, 4.48398, 0.37835);

    /**
     * One-way delay between EC2 us-east (Virginia) and eu-west (Ireland), either direction: measured
     * round trip p50 109 ms, p99 118 to 120 ms, p99.9 147 to 154 ms.
     */
    public static final LatencyDistribution EC2_US_EAST_EU_WEST =
            ec2OneWay(54.7096, 0.00544, -0.44539, 0.48265, 2.92901, 0.57417);

    /**
     * One-way delay between EC2 us-west (Oregon) and eu-west (Ireland), either direction: measured
     * round trip p50 169 ms, p99 190 to 194 ms, p99.9 212 to 217 ms.
     */
    public static final LatencyDistribution EC2_US_WEST_EU_WEST =
            ec2OneWay(85.7002, 0.01107, -0.48687, 0.52163, 2.93969, 0.49115);

    private static final Map<String, LatencyProfile> PROFILES = create();

    private BuiltInProfiles() {}

    /** All built-in profiles, in a stable order: lnkd-ssd, lnkd-disk, ymmr, wan, ec2-three-regions. */
    public static List<LatencyProfile> all() {
        return List.copyOf(PROFILES.values());
    }

    /** The built-in profile of that name, if there is one. */
    public static Optional<LatencyProfile> named(String name) {
        return Optional.ofNullable(PROFILES.get(name));
    }

    public static boolean isBuiltIn(String name) {
        return PROFILES.containsKey(name);
    }

    private static Map<String, LatencyProfile> create() {
        Map<String, LatencyProfile> profiles = new LinkedHashMap<>();
        MessageDelays ssd = MessageDelays.all(LINKEDIN_SSD);
        MessageDelays disk = new MessageDelays(LINKEDIN_DISK_WRITE, LINKEDIN_SSD, LINKEDIN_SSD, LINKEDIN_SSD);
        add(
                profiles,
                LatencyProfile.builder("lnkd-ssd")
                        .description("LinkedIn Voldemort on SSDs: low, light-tailed delays on every message")
                        .provenance(
                                PAPER + ": LNKD-SSD fit of production Voldemort latencies. W, A, R, S each 91.22% "
                                        + "Pareto(xm=0.235 ms, alpha=10), 8.78% Exponential(lambda=1.66/ms). Units: milliseconds.")
                        .defaults(ssd)
                        .build());
        add(
                profiles,
                LatencyProfile.builder("lnkd-disk")
                        .description("LinkedIn Voldemort on 15k RPM disks: slow, heavy-tailed writes; reads as on SSDs")
                        .provenance(PAPER + ": LNKD-DISK fit. W: 38% Pareto(xm=1.05 ms, alpha=1.51), 62% "
                                + "Exponential(lambda=0.183/ms); A, R, S as LNKD-SSD (91.22% Pareto(xm=0.235 ms, alpha=10), "
                                + "8.78% Exponential(lambda=1.66/ms)). Units: milliseconds.")
                        .defaults(disk)
                        .build());
        add(
                profiles,
                LatencyProfile.builder("ymmr")
                        .description("Yammer Riak: multi-millisecond writes with a very long exponential tail")
                        .provenance(
                                PAPER + ": YMMR fit of production Riak latencies. W: 93.9% Pareto(xm=3 ms, alpha=3.5), "
                                        + "6.1% Exponential(lambda=0.0028/ms); A, R, S: 98.2% Pareto(xm=1.5 ms, alpha=3.8), 1.8% "
                                        + "Exponential(lambda=0.0217/ms). The printed table gives alpha=3.35 for W; the authors' "
                                        + "simulator, which produced the published results, uses 3.5, and so do we. Units: milliseconds.")
                        .defaults(new MessageDelays(YAMMER_WRITE, YAMMER_OTHER, YAMMER_OTHER, YAMMER_OTHER))
                        .build());
        add(
                profiles,
                LatencyProfile.builder("wan")
                        .description(
                                "Each replica in its own datacenter: LNKD-DISK delays plus 75 ms across datacenters")
                        .provenance(
                                PAPER + ", section 5 WAN scenario: LNKD-DISK delays on every message, plus a constant "
                                        + "75 ms on every message between the coordinator and a replica in another datacenter. One "
                                        + "datacenter per replica; each write's and, independently, each read's coordinator sits in "
                                        + "one of the N datacenters uniformly at random. Units: milliseconds.")
                        .defaults(disk)
                        .topology(DatacenterTopology.onePerReplica(
                                Constant.of(WAN_DELAY_MILLIS), CoordinatorPlacement.RANDOM))
                        .build());
        add(
                profiles,
                LatencyProfile.builder("ec2-three-regions")
                        .description("Three EC2 regions (us-east, us-west, eu-west), 3 replicas each (N = 9): "
                                + "LNKD-SSD delays within a region, measured EC2 delays between regions; answered "
                                + "in consistency levels (LOCAL_QUORUM, EACH_QUORUM, ...)")
                        .provenance("Three named datacenters, us-east (EC2 Virginia), us-west (EC2 Oregon) and "
                                + "eu-west (EC2 Ireland), three replicas each (N = 9). Local delays W, A, R, S: "
                                + PAPER + ", LNKD-SSD fit, each 91.22% Pareto(xm=0.235 ms, alpha=10), 8.78% "
                                + "Exponential(lambda=1.66/ms). Every message between datacenters takes in addition a "
                                + "one-way delay D, drawn afresh per message from the same distribution in both "
                                + "directions of a pair, fitted so that a round trip (two independent draws of D) "
                                + "matches the p50, p99 and p99.9 round trips of " + EC2_PINGS + ". D = c + "
                                + "Mixture((1 - q) LogNormal(mu1, s1), q LogNormal(mu2, s2)), mu and s those of the "
                                + "natural log of a delay in ms. us-east <-> us-west: c=39.9902 ms, q=0.00347, "
                                + "mu1=-0.48510, s1=1.23553, mu2=4.48398, s2=0.37835. us-east <-> eu-west: "
                                + "c=54.7096 ms, q=0.00544, mu1=-0.44539, s1=0.48265, mu2=2.92901, s2=0.57417. "
                                + "us-west <-> eu-west: c=85.7002 ms, q=0.01107, mu1=-0.48687, s1=0.52163, "
                                + "mu2=2.93969, s2=0.49115. Round trip p50/p99/p99.9, measured (the two directions) "
                                + "and of the fit: us-east <-> us-west 80.9/104-106/225 ms and 81.6/105.3/214.5 ms; "
                                + "us-east <-> eu-west 109/118-120/147-154 ms and 110.8/118.4/150.4 ms; us-west <-> "
                                + "eu-west 169/190-194/212-217 ms and 172.7/192.2/215.9 ms. Coordinators: in the "
                                + "datacenters the consistency levels name (writes from us-east unless asked "
                                + "otherwise). Units: milliseconds.")
                        .defaults(ssd)
                        .topology(DatacenterTopology.named(
                                EC2_REGIONS,
                                new int[] {0, 0, 0, 1, 1, 1, 2, 2, 2},
                                null,
                                List.of(
                                        new DatacenterPairDelay(0, 1, EC2_US_EAST_US_WEST),
                                        new DatacenterPairDelay(1, 0, EC2_US_EAST_US_WEST),
                                        new DatacenterPairDelay(0, 2, EC2_US_EAST_EU_WEST),
                                        new DatacenterPairDelay(2, 0, EC2_US_EAST_EU_WEST),
                                        new DatacenterPairDelay(1, 2, EC2_US_WEST_EU_WEST),
                                        new DatacenterPairDelay(2, 1, EC2_US_WEST_EU_WEST)),
                                CoordinatorPlacement.fixed(0)))
                        .build());
        return profiles;
    }

    /** {@code offset + Mixture((1 - tailWeight) LogNormal(mu1, sigma1), tailWeight LogNormal(mu2, sigma2))}, ms. */
    private static LatencyDistribution ec2OneWay(
            double offsetMillis, double tailWeight, double mu1, double sigma1, double mu2, double sigma2) {
        return Shifted.of(
                offsetMillis,
                Mixture.of(List.of(
                        new Mixture.Component(1 - tailWeight, LogNormal.of(mu1, sigma1)),
                        new Mixture.Component(tailWeight, LogNormal.of(mu2, sigma2)))));
    }

    private static void add(Map<String, LatencyProfile> profiles, LatencyProfile profile) {
        profiles.put(profile.name(), profile);
    }
}
