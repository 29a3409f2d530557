from telemanom.detector import Detector
import argparse

ap = argparse.ArgumentParser(description='Optional path to the labelled anomaly ranges.')
ap.add_argument('-l', '--labels_path', default=None, required=False)
opts = ap.parse_args()

if __name__ == '__main__':
    det = Detector(labels_path=opts.labels_path)
    det.run()
