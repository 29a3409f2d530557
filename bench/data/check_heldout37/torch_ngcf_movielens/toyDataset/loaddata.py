import pandas as pd
from os import path

# readers for the MovieLens 100k files

dir100k = path.dirname(__file__) + r'\1K'

def read_ml100k_ratings():
    frame = pd.read_table(dir100k+r'\u.data',sep='\t',names=['userId','itemId','rating','timestamp'])
    return frame

def read_ml100k_items():
    import codecs
    with codecs.open(dir100k+'/u.item', 'r', 'utf-8', errors='ignore') as fh:
        films = pd.read_table(fh, delimiter='|', header=None,names="itemId| movie title | release date | video release date | IMDb URL | unknown | Action | Adventure | Animation | Children's | Comedy | Crime | Documentary | Drama | Fantasy | Film-Noir | Horror | Musical | Mystery | Romance | Sci-Fi | Thriller | War | Western ".split('|'))
    return films

def read_ml100k_users():
    import codecs
    with codecs.open(dir100k + '/u.user', 'r', 'utf-8', errors='ignore') as fh:
        people = pd.read_table(fh, delimiter='|', header=None,names="userId| age | gender | occupation | zip code".split('|'))
    return people