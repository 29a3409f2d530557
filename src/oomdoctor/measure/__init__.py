"""The real thing: training steps run in a fresh process, and what the allocator saw.

``run`` starts the child and reads its reply (``measure``, ``find_max_batch``); ``worker`` is the child.
"""
