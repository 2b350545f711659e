package dev.pbs.cassandra.probe;

import java.util.Comparator;

/**
 * Replica addresses in a stable order: IPv4 addresses numerically (127.0.0.2 before 127.0.0.10),
 * anything else after them as text. Replica i of a measured profile is the i-th in this order.
 */
public final class ReplicaOrder {

    public static final Comparator<String> COMPARATOR =
            Comparator.comparing(ReplicaOrder::numeric).thenComparing(text -> text);

    private ReplicaOrder() {}

    private static long numeric(String address) {
        String[] parts = address.split("\\.");
        if (parts.length != 4) {
            return Long.MAX_VALUE;
        }
        long value = 0;
        for (String part : parts) {
            try {
                int octet = Integer.parseInt(part);
                if (octet < 0 || octet > 255) {
                    return Long.MAX_VALUE;
                }
                value = value * 256 + octet;
            } catch (NumberFormatException notNumeric) {
                return Long.MAX_VALUE;
            }
        }
        return value;
    }
}
