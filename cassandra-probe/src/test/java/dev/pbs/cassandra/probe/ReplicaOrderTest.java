package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplicaOrderTest {

    @Test
    void comparator_ipv4_sortsNumericallyThenText() {
        List<String> addresses =
                new ArrayList<>(List.of("cassandra-b", "127.0.0.10", "127.0.0.2", "10.1.1.1", "127.0.0.1"));
        addresses.sort(ReplicaOrder.COMPARATOR);
        assertThat(addresses).containsExactly("10.1.1.1", "127.0.0.1", "127.0.0.2", "127.0.0.10", "cassandra-b");
    }
}
