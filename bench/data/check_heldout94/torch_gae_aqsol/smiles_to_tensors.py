# imports

# numerics
import numpy as np

# RDKit
from rdkit import Chem
from rdkit.Chem.rdmolops import GetAdjacencyMatrix

# PyTorch and PyG
import torch
from torch_geometric.data import Data
from torch_geometric.loader import DataLoader

#############################################
# HELPERS
#############################################

def one_hot_encoding(val, allowed):
    """
    One-hot of val over allowed; anything unknown falls into the
    last slot.
    """

    if val not in allowed:
        val = allowed[-1]

    bits = [int(flag) for flag in list(map(lambda s: val == s, allowed))]

    return bits

def get_atom_features(atom, 
                      use_chirality = True, 
                      hydrogens_implicit = True):
    """
    Feature vector (1-d numpy array) of one RDKit atom.
    """

    # element vocabulary
    
    elements =  ['C','N','O','S','F','Si','P','Cl','Br','Mg','Na','Ca','Fe','As','Al','I', 'B','V','K','Tl','Yb','Sb','Sn','Ag','Pd','Co','Se','Ti','Zn', 'Li','Ge','Cu','Au','Ni','Cd','In','Mn','Zr','Cr','Pt','Hg','Pb','Unknown']
    
    if hydrogens_implicit == False:
        elements = ['H'] + elements
    
    # pieces of the vector
    
    elem_oh = one_hot_encoding(str(atom.GetSymbol()), elements)
    
    degree_oh = one_hot_encoding(int(atom.GetDegree()), [0, 1, 2, 3, 4, "MoreThanFour"])
    
    charge_oh = one_hot_encoding(int(atom.GetFormalCharge()), [-3, -2, -1, 0, 1, 2, 3, "Extreme"])
    
    hyb_oh = one_hot_encoding(str(atom.GetHybridization()), ["S", "SP", "SP2", "SP3", "SP3D", "SP3D2", "OTHER"])
    
    ring_bit = [int(atom.IsInRing())]
    
    arom_bit = [int(atom.GetIsAromatic())]
    
    mass_s = [float((atom.GetMass() - 10.812)/116.092)]
    
    vdw_s = [float((Chem.GetPeriodicTable().GetRvdw(atom.GetAtomicNum()) - 1.5)/0.6)]
    
    cov_s = [float((Chem.GetPeriodicTable().GetRcovalent(atom.GetAtomicNum()) - 0.64)/0.76)]

    vec = elem_oh + degree_oh + charge_oh + hyb_oh + ring_bit + arom_bit + mass_s + vdw_s + cov_s
                                    
    if use_chirality == True:
        chir_oh = one_hot_encoding(str(atom.GetChiralTag()), ["CHI_UNSPECIFIED", "CHI_TETRAHEDRAL_CW", "CHI_TETRAHEDRAL_CCW", "CHI_OTHER"])
        vec += chir_oh
    
    if hydrogens_implicit == True:
        nh_oh = one_hot_encoding(int(atom.GetTotalNumHs()), [0, 1, 2, 3, 4, "MoreThanFour"])
        vec += nh_oh

    return np.array(vec)

def get_bond_features(bond, 
                      use_stereochemistry = True):
    """
    Feature vector (1-d numpy array) of one RDKit bond.
    """

    bond_kinds = [Chem.rdchem.BondType.SINGLE, Chem.rdchem.BondType.DOUBLE, Chem.rdchem.BondType.TRIPLE, Chem.rdchem.BondType.AROMATIC]

    kind_oh = one_hot_encoding(bond.GetBondType(), bond_kinds)
    
    conj_bit = [int(bond.GetIsConjugated())]
    
    ring_bit = [int(bond.IsInRing())]
    
    vec = kind_oh + conj_bit + ring_bit
    
    if use_stereochemistry == True:
        stereo_oh = one_hot_encoding(str(bond.GetStereo()), ["STEREOZ", "STEREOE", "STEREOANY", "STEREONONE"])
        vec += stereo_oh

    return np.array(vec)

def create_pytorch_geometric_graph_data_list_from_smiles_and_labels(x_smiles, y):
    """
    Arguments:
    
    x_smiles: iterable of SMILES
    y: iterable of numeric targets, same order
    
    Result:
    
    a list of torch_geometric.data.Data graphs, one per molecule
    
    """
    
    graphs = []
    
    for (smi, target) in zip(x_smiles, y):
        
        # parse SMILES
        mol = Chem.MolFromSmiles(smi)

        # sizes
        n_atoms = mol.GetNumAtoms()
        n_dir_edges = 2*mol.GetNumBonds()
        probe_smi = "O=O"
        probe_mol = Chem.MolFromSmiles(probe_smi)
        atom_w = len(get_atom_features(probe_mol.GetAtomWithIdx(0)))
        bond_w = len(get_bond_features(probe_mol.GetBondBetweenAtoms(0,1)))

        # node matrix (n_atoms, atom_w)
        node_x = np.zeros((n_atoms, atom_w))

        for atom in mol.GetAtoms():
            node_x[atom.GetIdx(), :] = get_atom_features(atom)
            
        node_x = torch.tensor(node_x, dtype = torch.float)
        
        # edge index (2, n_dir_edges)
        (src, dst) = np.nonzero(GetAdjacencyMatrix(mol))
        t_src = torch.from_numpy(src.astype(np.int64)).to(torch.long)
        t_dst = torch.from_numpy(dst.astype(np.int64)).to(torch.long)
        ei = torch.stack([t_src, t_dst], dim = 0)
        
        # edge features (n_dir_edges, bond_w)
        eattr = np.zeros((n_dir_edges, bond_w))
        
        for (k, (i,j)) in enumerate(zip(src, dst)):
            
            eattr[k] = get_bond_features(mol.GetBondBetweenAtoms(int(i),int(j)))
        
        eattr = torch.tensor(eattr, dtype = torch.float)
        
        # target
        yt = torch.tensor(np.array([target]), dtype = torch.float)
        
        # assemble and keep
        graphs.append(Data(x = node_x, edge_index = ei, edge_attr = eattr, y = yt))

    return graphs

