package dev.pbs.cassandra.node;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a node injects, parsed from the injection file: a comma-separated list of
 * {@code KEY=exponential:MEAN_MS} parts, each an exponential delay of that mean in ms.
 *
 * <ul>
 *   <li>{@code VERB=...} (a Cassandra verb such as {@code MUTATION_REQ}): every inbound message of
 *       that verb is held for a draw of the delay (the model's W, A, R, S for {@code MUTATION_REQ},
 *       {@code MUTATION_RSP}, {@code READ_REQ}, {@code READ_RSP});
 *   <li>{@code INTER_DC=...}: every inbound message of those four verbs whose sender is in another
 *       datacenter than this node is held for a further, independent draw (the model's one-way
 *       inter-datacenter delay D);
 *   <li>{@code INTER_DC:FROM>TO=...}: the same for messages from datacenter FROM to datacenter TO
 *       only, in place of {@code INTER_DC} for that ordered pair;
 *   <li>{@code SLOW:ADDRESS=times:FACTOR}: a slow replica; every request of those verbs that the
 *       node at ADDRESS (its listen address, such as {@code 127.0.0.11}) receives, and every
 *       response it sends, is held for a draw of FACTOR times its verb's mean, so that its W, A, R
 *       and S as a replica are all that much slower. What it sends or receives as a coordinator
 *       is not slowed, so the other replicas' delays stay as they are whoever coordinates.
 * </ul>
 *
 * @param verbMeans mean in ms by verb name
 * @param interDatacenterMean the mean in ms for every pair of different datacenters, if given
 * @param pairMeans mean in ms by ordered pair {@code FROM>TO}
 * @param slowNodes factor by node address
 */
record InjectionSpecification(
        Map<String, Double> verbMeans,
        Optional<Double> interDatacenterMean,
        Map<String, Double> pairMeans,
        Map<String, Double> slowNodes) {

    /** The verbs whose messages carry the model's W, A, R and S, and so its inter-datacenter delays. */
    static final Set<String> WARS_VERBS = Set.of("MUTATION_REQ", "MUTATION_RSP", "READ_REQ", "READ_RSP");

    static final InjectionSpecification NONE =
            new InjectionSpecification(Map.of(), Optional.empty(), Map.of(), Map.of());

    private static final String INTER_DATACENTER = "INTER_DC";
    private static final String SLOW = "SLOW:";
    private static final String EXPONENTIAL = "exponential:";
    private static final String TIMES = "times:";

    InjectionSpecification {
        verbMeans = Collections.unmodifiableMap(new LinkedHashMap<>(verbMeans));
        pairMeans = Collections.unmodifiableMap(new LinkedHashMap<>(pairMeans));
        slowNodes = Collections.unmodifiableMap(new LinkedHashMap<>(slowNodes));
    }

    /**
     * Parses a specification; an empty one means nothing is injected.
     *
     * @param knownVerb whether a name is a verb of this Cassandra
     * @throws IllegalArgumentException naming the bad part
     */
    static InjectionSpecification parse(String specification, java.util.function.Predicate<String> knownVerb) {
        if (specification.isBlank()) {
            return NONE;
        }
        Map<String, Double> verbs = new LinkedHashMap<>();
        Map<String, Double> pairs = new LinkedHashMap<>();
        Map<String, Double> slow = new LinkedHashMap<>();
        Double everyPair = null;
        for (String part : specification.split(",")) {
            String[] keyAndDistribution = part.trim().split("=", 2);
            if (keyAndDistribution.length == 2 && keyAndDistribution[0].trim().startsWith(SLOW)) {
                String address =
                        keyAndDistribution[0].trim().substring(SLOW.length()).trim();
                String value = keyAndDistribution[1].trim();
                if (address.isEmpty() || !value.startsWith(TIMES)) {
                    throw new IllegalArgumentException(
                            "injection file: expected SLOW:ADDRESS=times:FACTOR, was '" + part.trim() + "'");
                }
                slow.put(address, factor(value.substring(TIMES.length()), part));
                continue;
            }
            if (keyAndDistribution.length != 2 || !keyAndDistribution[1].trim().startsWith(EXPONENTIAL)) {
                throw new IllegalArgumentException(
                        "injection file: expected KEY=exponential:MEAN_MS, was '" + part + "'");
            }
            String key = keyAndDistribution[0].trim();
            double mean = mean(keyAndDistribution[1].trim().substring(EXPONENTIAL.length()), part);
            if (key.equals(INTER_DATACENTER)) {
                everyPair = mean;
            } else if (key.startsWith(INTER_DATACENTER + ":")) {
                String pair = key.substring(INTER_DATACENTER.length() + 1);
                String[] fromTo = pair.split(">", -1);
                if (fromTo.length != 2 || fromTo[0].isBlank() || fromTo[1].isBlank() || fromTo[0].equals(fromTo[1])) {
                    throw new IllegalArgumentException(
                            "injection file: expected INTER_DC:FROM>TO with two different datacenters, was '" + key
                                    + "'");
                }
                pairs.put(fromTo[0].trim() + ">" + fromTo[1].trim(), mean);
            } else if (knownVerb.test(key)) {
                verbs.put(key, mean);
            } else {
                throw new IllegalArgumentException("injection file: unknown verb '" + key + "'");
            }
        }
        return new InjectionSpecification(verbs, Optional.ofNullable(everyPair), pairs, slow);
    }

    private static double factor(String text, String part) {
        double factor;
        try {
            factor = Double.parseDouble(text.trim());
        } catch (NumberFormatException notANumber) {
            throw new IllegalArgumentException("injection file: the factor in '" + part.trim() + "' is not a number");
        }
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("injection file: a slow node's factor must be > 0, was " + factor);
        }
        return factor;
    }

    /**
     * What the verb's mean is multiplied by for a message of {@code verb} from the node at address
     * {@code from} to the node at {@code to}: a request's receiver's factor, or a response's
     * sender's, when it is slow; 1 for any other verb.
     */
    double slowFactor(String verb, String from, String to) {
        if (slowNodes.isEmpty() || !WARS_VERBS.contains(verb)) {
            return 1;
        }
        return slowNodes.getOrDefault(verb.endsWith("_REQ") ? to : from, 1.0);
    }

    private static double mean(String text, String part) {
        double mean;
        try {
            mean = Double.parseDouble(text.trim());
        } catch (NumberFormatException notANumber) {
            throw new IllegalArgumentException("injection file: the mean in '" + part + "' is not a number");
        }
        if (!(mean > 0) || Double.isInfinite(mean)) {
            throw new IllegalArgumentException("injection file: mean must be > 0 ms, was " + mean);
        }
        return mean;
    }

    /** Whether anything crosses datacenters with a delay. */
    boolean injectsBetweenDatacenters() {
        return interDatacenterMean.isPresent() || !pairMeans.isEmpty();
    }

    /**
     * The mean of the inter-datacenter delay of a message of {@code verb} from datacenter {@code from}
     * to datacenter {@code to}: none for the same datacenter, for a verb outside {@link #WARS_VERBS},
     * or when neither the pair nor every pair is given.
     */
    Optional<Double> interDatacenterMean(String verb, String from, String to) {
        if (from.equals(to) || !WARS_VERBS.contains(verb)) {
            return Optional.empty();
        }
        Double pair = pairMeans.get(from + ">" + to);
        return pair != null ? Optional.of(pair) : interDatacenterMean;
    }
}
