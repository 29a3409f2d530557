# main.py

import sys
import os
import argparse
from utils.config import load_config
from data.download_data import fetch_and_encode
from training.train import train_model
from interactive.interactive import interactive_mode

def main():
    # put the project root on the import path
    sys.path.append(os.path.dirname(os.path.abspath(__file__)))
    
    # command line
    parser = argparse.ArgumentParser(description="small GPT-2 pretraining")
    parser.add_argument('--interactive', action='store_true', help="chat with a trained model")
    args = parser.parse_args()
    
    # settings
    cfg = load_config()
    
    if args.interactive:
        # interactive session
        interactive_mode(cfg)
    else:
        # full pipeline
        print("step 1: data download...")
        fetch_and_encode(cfg)

        print("step 2: training...")
        train_model(cfg)

        print("all steps finished.")

if __name__ == "__main__":
    main()
