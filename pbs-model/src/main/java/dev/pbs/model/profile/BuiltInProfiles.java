package dev.pbs.model.profile;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.Mixture;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The production latency fits of Bailis et al., "Probabilistically Bounded Staleness for
 * Practical Partial Quorums", PVLDB 5(8), 2012, Table 3. Each delay is a mixture: with
 * probability p an exponential of rate lambda (per ms), else a Pareto(xm ms, alpha).
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

    private static final Map<String, LatencyProfile> PROFILES = create();

    private BuiltInProfiles() {}

    /** All built-in profiles, in a stable order: lnkd-ssd, lnkd-disk, ymmr, wan. */
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
        return profiles;
    }

    private static void add(Map<String, LatencyProfile> profiles, LatencyProfile profile) {
        profiles.put(profile.name(), profile);
    }
}
