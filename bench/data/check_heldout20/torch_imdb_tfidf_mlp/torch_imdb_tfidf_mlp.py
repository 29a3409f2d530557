import torch
from torch import nn, optim
from torch.utils.data import DataLoader
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.model_selection import train_test_split
import joblib
from data.IMDb_Dataset import ReviewTfidfDataset
import numpy as np
from sklearn.metrics import accuracy_score, mean_squared_error

# folders of the four splits of the review set
pos_train_dir = r'F:\Movie-Review-Analysis-using-IMDb-LargeDataset\IMDb_dataset\train\pos'  # positive training reviews
neg_train_dir = r'F:\Movie-Review-Analysis-using-IMDb-LargeDataset\IMDb_dataset\train\neg'  # negative training reviews
pos_test_dir = r'F:\Movie-Review-Analysis-using-IMDb-LargeDataset\IMDb_dataset\test\pos'  # positive test reviews
neg_test_dir = r'F:\Movie-Review-Analysis-using-IMDb-LargeDataset\IMDb_dataset\test\neg'  # negative test reviews

# small MLP with two heads: star rating and polarity
class TwoHeadReviewModel(nn.Module):
    def __init__(self, in_features):
        super(TwoHeadReviewModel, self).__init__()
        self.hidden_a = nn.Linear(in_features, 128)
        self.hidden_b = nn.Linear(128, 64)
        self.star_head = nn.Linear(64, 1)  # regression head
        self.polarity_head = nn.Linear(64, 1)  # binary head

    def forward(self, x):
        x = torch.relu(self.hidden_a(x))
        x = torch.relu(self.hidden_b(x))
        star_out = self.star_head(x)  # regression
        polarity_out = torch.sigmoid(self.polarity_head(x))  # probability of positive
        return star_out, polarity_out

# review sets
dataset_train = ReviewTfidfDataset(pos_train_dir, neg_train_dir, text_transform=None)
dataset_test = ReviewTfidfDataset(pos_test_dir, neg_test_dir, text_transform=None)

# batching
loader_train = DataLoader(dataset_train, batch_size=32, shuffle=True)
loader_test = DataLoader(dataset_test, batch_size=32, shuffle=False)

# network
in_features = 10000  # must equal the vectoriser's max_features
review_model = TwoHeadReviewModel(in_features)

# GPU when there is one
run_device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
review_model = review_model.to(run_device)

# objectives and optimiser
polarity_loss_fn = nn.BCEWithLogitsLoss()  # binary target
star_loss_fn = nn.MSELoss()  # regression target
adam_optimizer = optim.Adam(review_model.parameters(), lr=0.001)

# fitting
n_epochs = 5
for epoch_i in range(n_epochs):
    review_model.train()
    # each batch arrives as dense TF-IDF rows
    for batch_x, batch_labels, batch_stars in loader_train:
        batch_x = batch_x.to(run_device)
        batch_labels = batch_labels.to(run_device).float()
        batch_stars = batch_stars.to(run_device).float()

        # forward pass
        star_pred, polarity_pred = review_model(batch_x)

        # both objectives, summed
        polarity_loss = polarity_loss_fn(polarity_pred.squeeze(), batch_labels)
        star_loss = star_loss_fn(star_pred.squeeze(), batch_stars)
        total_loss = polarity_loss + star_loss

        # update
        adam_optimizer.zero_grad()
        total_loss.backward()
        adam_optimizer.step()

    print(f"pass {epoch_i+1} of {n_epochs}, loss of the last batch {total_loss.item():.4f}")


    print(f"pass {epoch_i+1} of {n_epochs}, loss of the last batch {total_loss.item():.4f}")

# keep the weights
# written with torch.save as a state dict
torch.save(review_model.state_dict(), 'sentiment_rating_model.pth')


