from datasets.video_dataset import VideoDataset

def get_dataset(args):
    """Picks the Dataset class named by args.dataset."""
    return {
        'video' : VideoDataset,
        # other data sets would be registered here
    }[args.dataset]
