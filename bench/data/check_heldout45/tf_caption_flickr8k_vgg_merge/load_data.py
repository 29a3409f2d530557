from pickle import load
import argparse

# whole text file as a string
def read_text(path):
  # open for reading
  fh = open(path, 'r')
  # read everything
  body = fh.read()
  # close it
  fh.close()
  return body

# the set of image ids listed in a split file
def read_ids(path):
  body = read_text(path)
  ids = list()
  # one name per line
  for row in body.split('\n'):
    # ignore blank rows
    if len(row) < 1:
      continue
    # drop the extension
    iid = row.split('.')[0]
    ids.append(iid)
  return set(ids)

# a fixed small split of an id set
def small_split(ids):
  # sort so the split does not change between runs
  ranked = sorted(ids)
  # first 100 and next 100
  return set(ranked[:100]), set(ranked[100:200])

# cleaned captions of the given ids
def read_captions(path, ids):
  # whole file
  body = read_text(path)
  caps = dict()
  for row in body.split('\n'):
    # words of the row
    parts = row.split()
    # first word is the image id
    iid, words = parts[0], parts[1:]
    # keep only ids of this split
    if iid in ids:
      # first caption of this image
      if iid not in caps:
        caps[iid] = list()
      # add boundary markers
      text = '<start> ' + ' '.join(words) + ' <end>'
      # keep
      caps[iid].append(text)
  return caps

# VGG features of the given ids
def read_features(path, ids):
  # every image's feature
  every = load(open(path, 'rb'))
  # keep this split's
  feats = {k: every[k] for k in ids}
  return feats

def prepare_dataset(which='dev'):

  assert which in ['dev', 'train']

  if which == 'dev':
    # the 1K dev images
    path = 'Flickr8k_text/Flickr_8k.devImages.txt'
    ids = read_ids(path)
    print('Images: %d' % len(ids))

    # split them
    fit_ids, held_ids = small_split(ids)
    #print('fit=%d, held=%d' % (len(fit_ids), len(held_ids)))

    # captions
    fit_caps = read_captions('models/descriptions.txt', fit_ids)
    held_caps = read_captions('models/descriptions.txt', held_ids)
    print('Captioned images: fit=%d, held=%d' % (len(fit_caps), len(held_caps)))

    # features
    fit_feats = read_features('models/features.pkl', fit_ids)
    held_feats = read_features('models/features.pkl', held_ids)
    print('Feature rows: fit=%d, held=%d' % (len(fit_feats), len(held_feats)))

  elif which == 'train':
    # the 6K training images
    path = 'Flickr8k_text/Flickr_8k.trainImages.txt'
    fit_ids = read_ids(path)

    path = 'Flickr8k_text/Flickr_8k.testImages.txt'
    held_ids = read_ids(path)
    print('Images: %d' % len(fit_ids))

    # captions
    fit_caps = read_captions('models/descriptions.txt', fit_ids)
    held_caps = read_captions('models/descriptions.txt', held_ids)
    print('Captioned images: fit=%d, held=%d' % (len(fit_caps), len(held_caps)))

    # features
    fit_feats = read_features('models/features.pkl', fit_ids)
    held_feats = read_features('models/features.pkl', held_ids)
    print('Feature rows: fit=%d, held=%d' % (len(fit_feats), len(held_feats)))

  return (fit_feats, fit_caps), (held_feats, held_caps)

if __name__ == '__main__':
  cli = argparse.ArgumentParser(description='Read the caption splits')
  cli.add_argument("-t", "--train", action='store_const', const='train',
    default = 'dev', help="use the 6K training split")
  opts = cli.parse_args()
  prepare_dataset(opts.train)
