import numpy as np
import seaborn as sns
import os
import time
from torch.utils.data import Dataset
import matplotlib.pyplot as plt
from sklearn.manifold import TSNE

# reader for the python-pickle release of CIFAR-10
def read_pickle_batch(fname):
    """Read one pickled batch file."""
    import pickle
    with open(fname, 'rb') as fh:
        blob = pickle.load(fh, encoding='bytes')
    return blob

class CifarTenArrays(Dataset):
    def __init__(self, root_dir='./data/cifar-10-batches-py', scaling='z-score', talk=True,
                 figures_dir='../figures/baselines'):
        """
        Reads all CIFAR-10 batches into arrays.

        :param root_dir: folder holding the pickled batches.
        :param scaling: 'z-score' or 'min-max'.
        :param talk: print a short report when done.
        """
        self.root_dir = root_dir
        self.figures_dir = figures_dir
        self.talk = talk
        self.scaling = scaling

        t0 = time.time()

        # read everything
        self.images, self.labels = self._read_train_batches()
        self.images_test, self.labels_test = self._read_test_batch()
        self.class_names = self._read_class_names()

        # global statistics
        self.mean, self.std = self._stats(self.images)
        self.test_mean, self.test_std = self._stats(self.images_test)

        # rescale the pixels
        self._rescale()

        t1 = time.time()

        if talk:
            self._report(t1 - t0)

    def _read_train_batches(self):
        """Reads the five training batches and joins them."""
        chunks, targets = [], []
        for k in range(5):
            fname = os.path.join(self.root_dir, f'data_batch_{k+1}')
            blob = read_pickle_batch(fname)
            chunks.append(blob[b'data'])
            targets.append(blob[b'labels'])
        chunks = np.concatenate(chunks)
        targets = np.concatenate(targets)
        return self._to_hwc(chunks), targets

    def _read_test_batch(self):
        """Reads the single test batch."""
        blob = read_pickle_batch(os.path.join(self.root_dir, 'test_batch'))
        chunks = self._to_hwc(blob[b'data'])
        targets = np.array(blob[b'labels'])
        return chunks, targets

    def _read_class_names(self):
        """Reads class names from the meta file."""
        fname = os.path.join(self.root_dir, 'batches.meta')
        raw_names = read_pickle_batch(fname)[b'label_names']
        return [n.decode('utf-8') for n in raw_names]

    @staticmethod
    def _to_hwc(flat):
        """Flat rows -> height x width x channel pictures."""
        r = flat[:, :1024].reshape((-1, 32, 32))
        g = flat[:, 1024:2048].reshape((-1, 32, 32))
        b = flat[:, 2048:].reshape((-1, 32, 32))
        return np.stack((r, g, b), axis=-1).astype(np.uint8)

    @staticmethod
    def _stats(arr):
        """Global mean and std of an array."""
        return np.mean(arr), np.std(arr)

    def _rescale(self):
        """Rescales train and test pixels with the chosen scheme."""
        if self.scaling == 'z-score':
            self.images = (self.images - self.mean) / self.std
            self.images_test = (self.images_test - self.test_mean) / self.test_std
        elif self.scaling == 'min-max':
            self.images = (self.images - np.min(self.images)) / (np.max(self.images) - np.min(self.images))
            self.images_test = (self.images_test - np.min(self.images_test)) / (np.max(self.images_test) - np.min(self.images_test))

    def _report(self, seconds):
        """Prints a short report."""
        print('=========================')
        print(f'CIFAR-10 read in {seconds:.2f}s')
        print(f'shapes: pictures {self.images.shape} | targets {self.labels.shape}')
        print(f'distinct targets: {np.unique(self.labels)}')
        print(f'class names: {self.class_names}')
        print(f'mean: {self.mean} std: {self.std}')
        print('=========================\n')

    def get_train_test_split(self):
        """Gives back the four arrays."""
        return self.images, self.labels, self.images_test, self.labels_test

    def get_number_of_classes(self):
        """How many classes there are."""
        return len(self.class_names)

    def statistical_analysis(self):
        """
        Draws class counts, pixel histogram, a sample grid and a t-SNE
        projection, and stores the figures.
        """
        self._draw_class_counts()
        self._draw_pixel_hist()
        self._draw_sample_grid()
        self._draw_tsne()
        print(f'figures written to {self.figures_dir}')

    def _draw_class_counts(self):
        """Bar chart of samples per class."""
        _, counts = np.unique(self.labels, return_counts=True)
        plt.figure(figsize=(8, 6))
        sns.barplot(x=self.class_names, y=counts, palette='viridis')
        plt.title('samples per class')
        plt.xlabel('class')
        plt.ylabel('count')
        plt.xticks(rotation=45)
        plt.tight_layout()
        plt.savefig(os.path.join(self.figures_dir, 'per_class.png'))
        plt.close()

    def _draw_pixel_hist(self):
        """Histogram of rescaled pixel values."""
        all_pixels = self.images.flatten()
        some_pixels = np.random.choice(all_pixels, size=100000, replace=False)
        plt.figure(figsize=(8, 6))
        sns.histplot(some_pixels, bins=50, kde=True, color='green')
        plt.title('pixel values')
        plt.xlabel('value')
        plt.ylabel('count')
        plt.tight_layout()
        plt.savefig(os.path.join(self.figures_dir, 'pixels.png'))
        plt.close()

    def _draw_sample_grid(self):
        """4x4 grid of random pictures."""
        picks = np.random.choice(len(self.images), size=16, replace=False)
        plt.figure(figsize=(10, 10))
        for k, idx in enumerate(picks):
            plt.subplot(4, 4, k + 1)
            shown = self.visualize(idx)
            plt.imshow(shown.astype(np.uint8))
            plt.title(self.class_names[self.labels[idx]])
            plt.axis('off')
        plt.tight_layout()
        plt.savefig(os.path.join(self.figures_dir, 'grid.png'))
        plt.close()

    def _draw_tsne(self):
        """t-SNE projection of a random subset."""
        # at most 1000 pictures go into the projection
        n_pick = min(1000, len(self.images))
        picks = np.random.choice(len(self.images), size=n_pick, replace=False)
        picked = self.images[picks].reshape(n_pick, -1)  # one row per picture
        picked_targets = self.labels[picks]

        # 2-d embedding
        embedder = TSNE(n_components=2, random_state=42, perplexity=30, n_iter=1000)
        embedded = embedder.fit_transform(picked)

        # scatter of the embedding
        plt.figure(figsize=(10, 8))
        dots = plt.scatter(embedded[:, 0], embedded[:, 1], c=picked_targets, cmap='tab10', s=10)
        plt.colorbar(dots, ticks=range(len(self.class_names)))
        plt.title('t-SNE of CIFAR-10 pictures')
        plt.xlabel('dim 1')
        plt.ylabel('dim 2')
        plt.tight_layout()
        plt.savefig(os.path.join(self.figures_dir, 'tsne.png'))
        plt.close()

    def __len__(self):
        """Number of training samples."""
        return self.labels.shape[0]

    def __getitem__(self, i):
        """One (picture, target) pair."""
        return self.images[i], self.labels[i]

    def visualize(self, idx):
        """
        Undoes the rescaling of one picture for display.

        :param idx: sample index.
        :return: picture as an array.
        """
        pic = self.images[idx]
        if self.scaling == 'z-score':
            pic = pic * self.std + self.mean
        elif self.scaling == 'min-max':
            pic = pic * (np.max(pic) - np.min(pic)) + np.min(pic)
