from torch.utils.data import Dataset
import cv2
import matplotlib.pyplot as plt
import numpy as np

class IceTileDataset(Dataset):
    """
    Tile/label pairs read from disk on demand
    """
    def __init__(self, tile_files, label_files, tile_tf, label_tf, debug=False, debug_vals=np.array([])):
        # only the file paths are held
        self.tile_files = tile_files
        self.label_files = label_files
        # per-sample transforms
        self.tile_tf = tile_tf
        self.label_tf = label_tf
        self.debug_count = 0
        self.debug = debug
        self.debug_vals = debug_vals
    
    def __len__(self):
        # one sample per tile file
        return len(self.tile_files)
    
    def __getitem__(self, i):
        """
        Read, optionally inspect, and transform one pair
        """
        # paths for this index
        tile_file = self.tile_files[i]
        label_file = self.label_files[i]

        # BGR on disk, RGB for the network
        tile = cv2.cvtColor(cv2.imread(tile_file), cv2.COLOR_BGR2RGB)
        # label as one grey channel
        label = cv2.imread(label_file, 0) 

        # in debug mode save a few pictures holding the chosen values
        if self.debug and self.debug_count < 20 and np.any(np.isin(label, self.debug_vals)):
            shown = label.copy()
            # paint everything else 255 (labels only reach 100)
            # NOTE: the chosen values then show up dark
            shown[~np.isin(label, self.debug_vals)] = 255
            fig, axes = plt.subplots(2)
            plt.title(f'Label check for {self.debug_vals}')
            axes[0].imshow(shown)
            axes[1].imshow(tile)
            # no ticks; tiles are roughly 357x300
            for ax in axes:
                ax.set_xticks([])
                ax.set_yticks([])
            plt.savefig(f'output/mask_testing_{i}.png')
            plt.close()
            self.debug_count += 1

        # transforms, when given
        if self.tile_tf is not None:
            tile = self.tile_tf(tile)
        if self.label_tf is not None:
            label = self.label_tf(label)
        
        # the pair
        return (tile, label)
