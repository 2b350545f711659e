package dev.pbs.cassandra.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class InjectionSpecificationTest {

    private static final Set<String> VERBS = Set.of("MUTATION_REQ", "MUTATION_RSP", "READ_REQ", "READ_RSP", "ECHO_REQ");

    private static InjectionSpecification parse(String text) {
        return InjectionSpecification.parse(text, VERBS::contains);
    }

    @Test
    void parse_verbsAndDatacenterPairs_keepsEachMean() {
        InjectionSpecification specification =
                parse("MUTATION_REQ=exponential:10, READ_REQ=exponential:5,INTER_DC=exponential:20,"
                        + "INTER_DC:dc1>dc2=exponential:40");
        assertEquals(Map.of("MUTATION_REQ", 10.0, "READ_REQ", 5.0), specification.verbMeans());
        assertEquals(Optional.of(20.0), specification.interDatacenterMean());
        assertTrue(specification.injectsBetweenDatacenters());
        assertEquals(Optional.of(40.0), specification.interDatacenterMean("MUTATION_REQ", "dc1", "dc2"));
        assertEquals(Optional.of(20.0), specification.interDatacenterMean("MUTATION_RSP", "dc2", "dc1"));
        assertEquals(Optional.empty(), specification.interDatacenterMean("READ_REQ", "dc1", "dc1"));
        assertEquals(Optional.empty(), specification.interDatacenterMean("ECHO_REQ", "dc1", "dc2"));
    }

    @Test
    void parse_onlyAPair_delaysThatPairAlone() {
        InjectionSpecification specification = parse("INTER_DC:dc1>dc2=exponential:30");
        assertEquals(Optional.of(30.0), specification.interDatacenterMean("READ_RSP", "dc1", "dc2"));
        assertEquals(Optional.empty(), specification.interDatacenterMean("READ_RSP", "dc2", "dc1"));
        assertTrue(specification.verbMeans().isEmpty());
    }

    @Test
    void parse_slowNode_multipliesTheMeansOfItsWorkAsAReplica() {
        InjectionSpecification specification =
                parse("READ_REQ=exponential:5, SLOW:127.0.0.11=times:5, SLOW:127.0.0.12=times:2");
        assertEquals(Map.of("127.0.0.11", 5.0, "127.0.0.12", 2.0), specification.slowNodes());
        assertEquals(Map.of("READ_REQ", 5.0), specification.verbMeans());
        // Requests to the slow node (its W, R) and its responses (its A, S) as a replica.
        assertEquals(5.0, specification.slowFactor("READ_REQ", "127.0.0.14", "127.0.0.11"));
        assertEquals(5.0, specification.slowFactor("READ_RSP", "127.0.0.11", "127.0.0.14"));
        assertEquals(5.0, specification.slowFactor("MUTATION_REQ", "127.0.0.12", "127.0.0.11"));
        assertEquals(2.0, specification.slowFactor("MUTATION_RSP", "127.0.0.12", "127.0.0.11"));
        // As a coordinator its requests and the answers it gets are not slowed.
        assertEquals(1.0, specification.slowFactor("MUTATION_REQ", "127.0.0.11", "127.0.0.13"));
        assertEquals(1.0, specification.slowFactor("READ_RSP", "127.0.0.13", "127.0.0.11"));
        assertEquals(1.0, specification.slowFactor("MUTATION_RSP", "127.0.0.13", "127.0.0.14"));
        // Other verbs (gossip, for example) are never slowed.
        assertEquals(1.0, specification.slowFactor("ECHO_REQ", "127.0.0.11", "127.0.0.14"));
        assertEquals(1.0, parse("READ_REQ=exponential:5").slowFactor("READ_REQ", "127.0.0.11", "127.0.0.12"));
    }

    @Test
    void parse_badSlowNode_namesTheProblem() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("SLOW:127.0.0.11=5"))
                .getMessage()
                .contains("expected SLOW:ADDRESS=times:FACTOR"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("SLOW:=times:5"))
                .getMessage()
                .contains("expected SLOW:ADDRESS=times:FACTOR"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("SLOW:127.0.0.11=times:0"))
                .getMessage()
                .contains("factor must be > 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("SLOW:127.0.0.11=times:fast"))
                .getMessage()
                .contains("not a number"));
    }

    @Test
    void parse_empty_injectsNothing() {
        assertEquals(InjectionSpecification.NONE, parse("  "));
        assertFalse(parse("").injectsBetweenDatacenters());
    }

    @Test
    void parse_badParts_nameTheProblem() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("NOT_A_VERB=exponential:1"))
                .getMessage()
                .contains("unknown verb 'NOT_A_VERB'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("READ_REQ=constant:1"))
                .getMessage()
                .contains("expected KEY=exponential:MEAN_MS"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("READ_REQ=exponential:0"))
                .getMessage()
                .contains("mean must be > 0 ms"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("READ_REQ=exponential:x"))
                .getMessage()
                .contains("not a number"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("INTER_DC:dc1>dc1=exponential:5"))
                .getMessage()
                .contains("two different datacenters"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("INTER_DC:dc1=exponential:5"))
                .getMessage()
                .contains("INTER_DC:FROM>TO"));
    }
}
