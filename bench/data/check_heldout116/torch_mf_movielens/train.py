import pandas as pd
from sklearn.preprocessing import LabelEncoder
from torch.utils.data import DataLoader
from dataset import RatingTriples
from model import DotFactorModel
import torch.nn as nn
import torch


interactions = pd.read_csv('data/ratings.csv')
titles = pd.read_csv('data/movies.csv')

uid_coder = LabelEncoder()
mid_coder = LabelEncoder()

interactions['user'] = uid_coder.fit_transform(interactions['userId'])
interactions['movie'] = mid_coder.fit_transform(interactions['movieId'])

triples = RatingTriples(interactions)


net = DotFactorModel(
    num_users=interactions['user'].nunique(),
    num_movies=interactions['movie'].nunique()
)

opt = torch.optim.Adam(net.parameters(), lr=0.01)
criterion = nn.MSELoss()

batches = DataLoader(triples, batch_size=64, shuffle=True)

for ep in range(10):
    net.train()
    running = 0
    for u_batch, m_batch, r_batch in batches:
        guess = net(u_batch, m_batch)
        err = criterion(guess, r_batch)
        opt.zero_grad()
        err.backward()
        opt.step()
        running += err.item()
    print(f"round {ep+1}: summed mse {running:.4f}")
