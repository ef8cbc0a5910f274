"""The use cases: detect, explain, load, the distributed job, and verify.

Each gathers evidence (or reads it from a file), hands it to the pure diagnosis and
returns a typed report. Only the command line and the public Python API import this
package.
"""
