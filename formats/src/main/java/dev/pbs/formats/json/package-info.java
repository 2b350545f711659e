/**
 * The one Jackson configuration of pbs ({@link dev.pbs.formats.json.JsonMapping}) and the number
 * formats the wire records share.
 */
package dev.pbs.formats.json;
