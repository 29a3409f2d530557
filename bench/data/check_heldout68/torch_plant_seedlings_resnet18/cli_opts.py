import argparse

def read_cli():
    about = 'Seedling species classifier (Kaggle plant seedlings).\n' \
           'Fine-tunes an ImageNet resnet18.'
    ap = argparse.ArgumentParser(description=about)
    ap.add_argument(
        '-p', '--path', help='data root', type=str, default="./")
    ap.add_argument('--pretrained_model_path', help='resume from this pickled model', type=str, default=None)

    ap.add_argument('--epochs', type=int, default=30)                   # passes over the data
    ap.add_argument('--batch_size', type=int, default=32)               # images per step
    ap.add_argument('--lr', type=float, default=0.001)                  # Adam step size
    ap.add_argument('--num_workers', type=int, default=4)               # loader processes
    ap.add_argument('--cuda', action='store_true', default=True)    # use the GPU
    return ap.parse_args()
