import torch, numpy
from collections import defaultdict 
from torch.utils.data import Dataset, DataLoader
from torch.utils.data.sampler import Sampler

def standardize(t):
    mu, sd = t.mean(), t.std()
    return t.add_(-mu).div_(sd)

def read_manifest(manifest_path):
    with open(manifest_path) as fh:
        return [ln.strip().split(',') for ln in fh.readlines()]

class SpecSet(Dataset):

    # def __init__(self, manifest_path, args, transform=None):
    def __init__(self, manifest_path, args):
        super(SpecSet, self).__init__()
        self.window_size = args.window_size
        self.window_stride = args.window_stride
        self.rows = read_manifest(manifest_path)
        # self.transform = transform

    def __getitem__(self, index):
        spec_path, label, length = self.rows[index]
        spec = torch.load(spec_path)
        # if self.transform is not None:
        #     spec = self.transform(spec)
        spec = standardize(spec)
        return spec, int(label)

    def __len__(self):
        return len(self.rows)


def pad_collate(batch):
    longest, _ = max(batch, key=lambda p: p[0].size(1))
    xs = torch.zeros(len(batch), 1, longest.size(0), longest.size(1))
    ys = torch.LongTensor(len(batch))
    for k, (spec, label) in enumerate(batch):
        xs[k][0].narrow(1, 0, spec.size(1)).copy_(spec)
        ys[k] = label
    return xs, ys


class LengthBuckets(Sampler):

    def __init__(self, manifest_path):
        rows = read_manifest(manifest_path)
        lengths = [float(r[2]) for r in rows]
        counts, edges = numpy.histogram(lengths, bins="auto")
        bucket_of = numpy.digitize(lengths, bins=edges)
        self.buckets = defaultdict(list)
        for k, b in enumerate(bucket_of):
            self.buckets[b].append(k)
        self.size = len(rows)

    def __iter__(self):
        for b, members in self.buckets.items():
            numpy.random.shuffle(members)
            for m in members:
                yield m

    def __len__(self):
        return self.size

  
class RandomPadCrop(object):

    def __init__(self, length, fill_value=0):
        self.length = length
        self.fill_value = fill_value

    def __call__(self, t):
        import numpy
        out = torch.ones(self.length) * self.fill_value
        out = out.type_as(out)
        if self.length == t.size(0):
            return t
        elif self.length > t.size(0):
            out = torch.zeros(self.length).type_as(t)
            out.fill_(self.fill_value)
            s = numpy.random.randint(0, self.length - t.size(0))
            out[s:s+t.size(0)].copy_(t)
            return out
        else: # self.length < t.size(0):
            s = numpy.random.randint(0, t.size(0) - self.length)
            return t[s:s+self.length]


def get(args, manifest_path=None, dataset=None, bucketing_sampler=None, no_bucketing=False):
    if dataset is None:
        assert manifest_path is not None
        # crop_len = int(args.crop_audio_length * args.sample_rate)
        # dataset = SpecSet(manifest_path, args, transform=RandomPadCrop(crop_len))
        dataset = SpecSet(manifest_path, args)
    if no_bucketing:
        bucketing_sampler = None
    elif bucketing_sampler is None:
        assert manifest_path is not None
        bucketing_sampler = LengthBuckets(manifest_path)
    dl = DataLoader(dataset, batch_size=args.batch_size, num_workers=args.num_workers, 
                                            collate_fn=pad_collate, sampler=bucketing_sampler)
    return dl, dataset, bucketing_sampler


if __name__ == '__main__':
    # quick check
    from train import get_args
    args = get_args()

    manifest_path = 'manifest/test.csv'
    dl1, _, _ = get(args, manifest_path, no_bucketing=True)
    dl2, _, _ = get(args, manifest_path)

    for xb, yb in dl1:
        print(xb.size())
    for xb, yb in dl2:
        print(xb.size())

 
