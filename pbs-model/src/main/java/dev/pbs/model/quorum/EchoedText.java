package dev.pbs.model.quorum;

/**
 * What a message quotes back of a value it refuses: control characters shown as {@code ?}, and at
 * most {@value #LONGEST} characters (the first {@code LONGEST - 3} and "..."), so that a refused
 * value of any size gives a message of bounded size.
 */
public final class EchoedText {

    /** The longest echo, in characters. */
    public static final int LONGEST = 80;

    private EchoedText() {}

    /** The text as a message quotes it. */
    public static String of(String text) {
        String printable = text.replaceAll("\\p{Cntrl}", "?");
        return printable.length() <= LONGEST ? printable : printable.substring(0, LONGEST - 3) + "...";
    }
}
