import torch
import model
from data_loader import MTTSegments
import argparse
import model
from solver import Trainer

ap = argparse.ArgumentParser()
ap.add_argument('--gpus', nargs='+', type=int, default=[])
opts = ap.parse_args()

print ("using gpus: ", opts.gpus)

def main() :
    
    segs = MTTSegments()
    net = model.SampleCNN()

    # train
    print ("training...")
    trainer = Trainer(net, segs, opts)
    trainer.train()
    
    print ("training finished")

    # test
    print ("testing...")
    



if __name__ == '__main__':
    main()
