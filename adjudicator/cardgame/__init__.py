"""(see rules.py)"""
