# source: https://github.com/kongwilson/pawpularity/blob/268607b8bc6b1bae2b62fe2eefb8b7f79cd9d7f7/compare.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
"""
Score a saved inception-based regressor on the test and training images

Re-expressed from a Kaggle PetFinder project, 10/10/2021
"""
from sklearn.metrics import mean_squared_error
from tqdm import tqdm

from kaggle.pawpularity.loader import *
from kaggle.pawpularity.model import PawpularityNN
from kaggle.pawpularity.utils import *


if __name__ == '__main__':

	fit_loader, fit_set = get_loader(
		root_folder=data_root,
		is_train=True,
		transform=transform,
		num_workers=1,
	)

	eval_loader, eval_set = get_loader(
		root_folder=data_root,
		is_train=False,
		transform=transform,
		num_workers=1,
		batch_size=32
	)

	embed_dim = 256
	hidden_dim = 256
	depth = 2
	lr = 3e-4
	epochs = 100

	dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

	net = PawpularityNN(embed_dim, hidden_dim, depth).to(dev)

	opt = optim.Adam(net.parameters(), lr=lr)

	step = load_checkpoint(torch.load(os.path.join(data_root, 'saved_weights.pth.tar')), net, opt)

	net.eval()  #
	torch.no_grad()
	eval_scores = []
	for i, (pics, target) in enumerate(eval_loader):
		pics = pics.to(dev)

		scores = net(pics)
		eval_scores.append(scores)

	eval_scores = torch.cat(eval_scores).detach().cpu().numpy()

	fit_scores = []
	for pics, target in tqdm(fit_loader):

		pics = pics.to(dev)

		scores = net(pics)
		fit_scores.append(scores)

	fit_csv = os.path.join(data_root, 'train.csv')
	fit_table = pd.read_csv(fit_csv)

	# metadata of the test split
	eval_csv = os.path.join(data_root, 'test.csv')
	eval_table = pd.read_csv(eval_csv)

	# tabular columns only
	columns = [c for c in eval_table if c != 'Id']
	target_col = 'Pawpularity'
	fit_target = fit_table[target_col].values

	fit_scores = torch.cat(fit_scores).detach().cpu().numpy()
	print('inception regressor mse on the training images: ', mean_squared_error(fit_scores, fit_target))
