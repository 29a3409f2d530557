"""What both engines share: the ``Estimate`` they return, the device strategies, and the steps that turn one
engine's step into a report (culprits, fixes, the batch curve).

- ``result``: ``Estimate``, ``LayerRow``, ``Culprit``, the engine names;
- ``parallel``: several devices, and what each one holds under data, model and sharded parallelism;
- ``culprits``: what holds the memory, in words; ``fixes``: changes measured by re-estimating the job;
- ``batch_curve``: the peak at other batch sizes, for the charts.
"""
