from .datasets import MovieLensDataset, LastfmDataset
